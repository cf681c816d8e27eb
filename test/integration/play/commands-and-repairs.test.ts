import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedProvider, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { openSave } from '../../../engine/store/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

async function instantGame(packId = 'tutorial') {
  const provider = createInstantProvider();
  setup = await startPlay(async () => provider);
  const save = unwrap(await setup.api['saves.create']({ packId, seed: 5 }));
  return { api: setup.api, saveId: save.id, home: setup.home };
}

async function stream(home: string, saveId: string) {
  const store = await openSave(path.join(home, 'saves', saveId), { clock: manualClock(), appVersion: '0.1.0' }, 'read');
  const messages = store.messagesBefore(null, 10_000);
  store.close();
  return messages;
}

describe('out-of-character commands', () => {
  it('/undo forks the save at the previous turn; the original keeps every turn', async () => {
    const { api, saveId, home } = await instantGame();
    unwrap(await api['play.submit']({ saveId, text: 'I dust the counter.' }));
    unwrap(await api['play.submit']({ saveId, text: 'I sharpen the awl.' }));
    const undone = unwrap(await api['play.submit']({ saveId, text: '/undo' }));
    expect(undone).toMatchObject({ kind: 'forked', reason: 'undo' });
    if (undone.kind !== 'forked') return;
    expect(undone.saveId).not.toBe(saveId);
    expect(new Set((await stream(home, undone.saveId)).map((m) => m.turnNumber))).toEqual(new Set([1]));
    expect(new Set((await stream(home, saveId)).map((m) => m.turnNumber))).toEqual(new Set([1, 2]));
    const next = unwrap(await api['play.submit']({ saveId: undone.saveId, text: 'I sweep instead.' }));
    expect(next).toMatchObject({ kind: 'turn', turn: 2 });
  });

  it('/retry of a committed turn plays it again in a fork taken just before it', async () => {
    const { api, saveId, home } = await instantGame();
    unwrap(await api['play.submit']({ saveId, text: 'I dust the counter.' }));
    const retried = unwrap(await api['play.submit']({ saveId, text: '/retry' }));
    expect(retried).toMatchObject({ kind: 'turn', turn: 1 });
    expect(retried.saveId).not.toBe(saveId);
    const intentions = (await stream(home, retried.saveId)).filter(
      (m) => m.type === 'intention' && m.owner === 'robin-ashby',
    );
    expect(intentions.map((m) => m.content)).toEqual(['I dust the counter.']);
  });

  it('/end scene closes the scene at once and opens the next one on the next turn', async () => {
    const { api, saveId, home } = await instantGame();
    unwrap(await api['play.submit']({ saveId, text: 'I dust the counter.' }));
    expect(unwrap(await api['play.submit']({ saveId, text: '/end scene' }))).toMatchObject({ kind: 'turn', turn: 2 });
    unwrap(await api['play.submit']({ saveId, text: 'I open the shutters.' }));
    const markers = (await stream(home, saveId))
      .filter((m) => m.type === 'scene_marker')
      .map((m) => `${m.turnNumber}: ${m.content}`);
    expect(markers).toEqual([
      expect.stringMatching(/^1: Scene 1: /u),
      '2: The scene closes',
      expect.stringMatching(/^3: Scene 2: /u),
    ]);
  });

  it('/skip lets in-world time pass, with a marker saying how long', async () => {
    const { api, saveId, home } = await instantGame();
    unwrap(await api['play.submit']({ saveId, text: '/skip 1h30m' }));
    const markers = (await stream(home, saveId)).filter((m) => m.type === 'scene_marker').map((m) => m.content);
    // The scene still opens first (a skip never swallows a pending marker), then the time passes.
    expect(markers).toEqual([expect.stringMatching(/^Scene 1: /u), '1h30m later: 10:00 on 1889-10-03']);
  });

  it('answers an unknown command and a whisper to someone absent without touching the story', async () => {
    const { api, saveId, home } = await instantGame();
    expect(unwrap(await api['play.submit']({ saveId, text: '/dance' }))).toMatchObject({ kind: 'notice' });
    expect(unwrap(await api['play.submit']({ saveId, text: '/whisper tobias-quell Psst.' }))).toMatchObject({
      kind: 'notice',
      message: expect.stringContaining('Nobody called "tobias-quell" is here'),
    });
    expect(await stream(home, saveId)).toEqual([]);
  });
});

describe('the Narrator’s beat script', () => {
  const rest: ScriptEntryInput[] = [
    { stage: 'persona_extractor', reply: { changes: [], summary: 's' } },
    { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
    { stage: 'npc_intent', reply: { thought: '', intention: 'Keep sewing.' } },
    { stage: 'narrator', reply: { beats: [{ type: 'narration', content: 'Odile keeps sewing.' }] } },
    { stage: 'character_extractor', reply: { changes: [], summary: 's' } },
    { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
  ];
  const speech = { beats: [{ type: 'narration', content: 'Odile looks up. "Good morning, dear," she says.' }] };

  it('gets one repair retry when a narration beat carries spoken words, and the repaired script is used', async () => {
    const provider = await createScriptedProvider({
      entries: [
        { stage: 'narrator', reply: speech },
        {
          stage: 'narrator',
          expect: 'contains spoken words',
          reply: { beats: [{ type: 'narration', content: 'Odile looks up and smiles.' }] },
        },
        ...rest,
      ],
    });
    setup = await startPlay(async () => provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', seed: 5 }));
    const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text: 'I say good morning.' }));
    expect(result).toMatchObject({ kind: 'turn' });
    if (result.kind === 'turn') expect(result.messages.map((m) => m.content)).toContain('Odile looks up and smiles.');
    // The extractors run after the turn's prose: the script is used up once they have.
    unwrap(await setup.api['play.settle']({ saveId: save.id }));
    provider.assertExhausted();
  });

  it('fails the narrator stage when the repaired script still carries speech', async () => {
    const provider = await createScriptedProvider({
      entries: [{ stage: 'narrator', reply: speech }, { stage: 'narrator', reply: speech }, ...rest],
    });
    setup = await startPlay(async () => provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', seed: 5 }));
    const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text: 'I say good morning.' }));
    expect(result).toMatchObject({
      kind: 'failed',
      stage: 'narrator',
      reason: expect.stringContaining('spoken words'),
    });
  });

  it('is nudged to let the quiet register when every non-baked character stays silent', async () => {
    // On Wren Lane only Tobias (chattiness 45) is present; with this seed he stays silent.
    const provider = createInstantProvider();
    setup = await startPlay(async () => provider);
    const api = setup.api;
    let saveId = unwrap(await api['saves.create']({ packId: 'tutorial', seed: 2 })).id;
    saveId = unwrap(await api['play.submit']({ saveId, text: 'I step out onto Wren Lane.' })).saveId;
    const quiet = unwrap(await api['play.submit']({ saveId, text: 'I listen to the rain.' }));
    expect(quiet).toMatchObject({ kind: 'turn', turn: 2 });
    const turns = unwrap(await api['saves.turns']({ id: saveId }));
    const calls = unwrap(await api['saves.stageCalls']({ id: saveId, turnId: turns[1]?.id ?? 0 }));
    const narrator =
      calls
        .find((call) => call.stage === 'narrator')
        ?.prompt.map((m) => m.content)
        .join('\n') ?? '';
    expect(calls.some((call) => call.stage === 'npc_intent')).toBe(false);
    expect(narrator).toContain('No one else stirs this turn');
  });
});

describe('auto-play', () => {
  it('/auto lets the Persona Intent stage write the persona’s thought and intention, then plays the turn', async () => {
    const provider = await createScriptedProvider({
      entries: [
        {
          stage: 'persona_intent',
          principal: 'robin-ashby',
          reply: { thought: 'Be useful.', intention: 'I fetch the paste pot.' },
        },
        {
          stage: 'narrator',
          expect: 'I fetch the paste pot.',
          reply: { beats: [{ type: 'narration', content: 'You fetch it.' }] },
        },
        { stage: 'persona_extractor', reply: { changes: [], summary: 's' } },
        { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
        { stage: 'npc_intent', reply: { thought: '', intention: 'Nod.' } },
        { stage: 'narrator', reply: { beats: [{ type: 'narration', content: 'Odile nods.' }] } },
        { stage: 'character_extractor', reply: { changes: [], summary: 's' } },
        { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
      ],
    });
    setup = await startPlay(async () => provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', seed: 5 }));
    const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text: '/auto' }));
    expect(result).toMatchObject({ kind: 'turn', turn: 1 });
    if (result.kind === 'turn') {
      expect(result.messages.filter((m) => m.owner === 'robin-ashby').map((m) => `${m.type}: ${m.content}`)).toEqual([
        'thought: Be useful.',
        'intention: I fetch the paste pot.',
      ]);
    }
    unwrap(await setup.api['play.settle']({ saveId: save.id }));
    provider.assertExhausted();
  });
});

describe('events for clients', () => {
  it('announce a fork with both save ids, and link each committed message to its pending one', async () => {
    const { api, saveId } = await instantGame();
    unwrap(await api['play.submit']({ saveId, text: 'I dust the counter.' }));
    const committed = setup?.events.filter((event) => event.type === 'message.committed') ?? [];
    const pending = new Set(
      setup?.events.flatMap((event) => (event.type === 'message.pending' ? [event.pendingId] : [])),
    );
    expect(committed.length).toBeGreaterThan(0);
    for (const event of committed)
      if (event.type === 'message.committed') expect(pending.has(event.pendingId)).toBe(true);

    const undone = unwrap(await api['play.submit']({ saveId, text: '/undo' }));
    expect(setup?.events.find((event) => event.type === 'save.forked')).toEqual({
      type: 'save.forked',
      from: saveId,
      to: undone.saveId,
      reason: 'undo',
    });
  });
});
