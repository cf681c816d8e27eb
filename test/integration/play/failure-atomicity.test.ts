import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent, PlayResult } from '../../../engine/api/index.ts';
import { createScriptedProvider, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { openSave } from '../../../engine/store/index.ts';
import { PLAY_STATE_CHECKPOINT, playStateFromCheckpoint } from '../../../engine/turn/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// The tutorial's shop: Odile (baked) always acts, so one turn calls every turn stage in a fixed order.
const intent = 'I ask Odile where the bone folder lives.';
function goodTurn(): ScriptEntryInput[] {
  return [
    {
      stage: 'narrator',
      reply: {
        beats: [
          { type: 'narration', content: 'Odile looks up.' },
          { type: 'cue', character: 'odile-fenn', mood: 'amused', context: 'asked' },
        ],
      },
    },
    {
      stage: 'persona_extractor',
      reply: { changes: [{ name: 'curious about everything', level: 11, category: 'mood' }], summary: 's' },
    },
    { stage: 'character_dialog', reply: 'Top drawer, love.' },
    {
      stage: 'lore_extractor',
      reply: { facts: [{ key: 'bone folder', content: 'Kept in the top drawer.' }], summary: 's' },
    },
    { stage: 'npc_intent', reply: { thought: 'Eager.', intention: 'Open the drawer.' } },
    { stage: 'narrator', reply: { beats: [{ type: 'narration', content: 'The drawer squeaks.' }] } },
    {
      stage: 'character_extractor',
      reply: { changes: [{ name: 'aching hands', level: 8, category: 'body' }], summary: 's' },
    },
    { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
  ];
}

type Breakage = { readonly name: string; readonly entries: (stage: ScriptEntryInput['stage']) => ScriptEntryInput[] };
const breakages: readonly Breakage[] = [
  { name: 'a provider error', entries: (stage) => [{ stage, error: 'provider', message: 'server went away' }] },
  {
    name: 'malformed output',
    // Dialog is free text: its malformed reply is an empty one, which is retried once before the stage fails.
    entries: (stage) =>
      stage === 'character_dialog'
        ? [
            { stage, reply: '   ' },
            { stage, reply: '' },
          ]
        : [{ stage, reply: '{"beats": [' }],
  },
  { name: 'a timeout', entries: (stage) => [{ stage, error: 'timeout', message: 'no answer in time' }] },
  { name: 'an abort', entries: (stage) => [{ stage, delayMs: 5_000, reply: 'never used' }] },
];
/** The stages a turn waits for; the extractors run after its prose (see the second describe). */
const stages = ['narrator', 'character_dialog', 'npc_intent'] as const;
const extractors = ['persona_extractor', 'lore_extractor', 'character_extractor'] as const;
/**
 * An after-turn step tries this many times each time its run is started: once in the background after its turn, once
 * more when the next turn waits for it.
 */
const STEP_ATTEMPTS = 3;

/**
 * The first turn succeeds, the second breaks at `stage` the given way, the retry then succeeds. Which entries of the
 * broken turn its parallel siblings consumed before the failure depends on timing, so every reply here suits any call
 * of its stage and a spare turn of replies follows.
 */
function script(stage: ScriptEntryInput['stage'], breakage: Breakage, times = 1): ScriptEntryInput[] {
  const second = goodTurn();
  const index = second.findIndex((entry) => entry.stage === stage);
  const failing = Array.from({ length: times }, () => breakage.entries(stage)).flat();
  const broken = [...second.slice(0, index), ...failing, ...second.slice(index + 1)];
  return [...goodTurn(), ...broken, ...goodTurn(), ...goodTurn()];
}

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

function fingerprint(home: string, saveId: string) {
  return openSave(path.join(home, 'saves', saveId), { clock: manualClock(), appVersion: '0.1.0' }, 'read').then(
    (store) => {
      const result = {
        messages: store.messagesBefore(null, 10_000).map(({ id, turnNumber, seq, owner, type, content, mood }) => ({
          id,
          turnNumber,
          seq,
          owner,
          type,
          content,
          mood,
        })),
        state: store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data,
        rng: store.meta().rngState,
        turns: store.turns().map(({ number, status, failure }) => ({ number, status, failure })),
      };
      store.close();
      return result;
    },
  );
}

describe('a failed turn changes nothing', () => {
  for (const breakage of breakages) {
    it.each(stages)(
      `when %s fails with ${breakage.name}: stream and state stay as they were, and a retry succeeds`,
      async (stage) => {
        const provider = await createScriptedProvider({ entries: script(stage, breakage) });
        setup = await startPlay(async () => provider);
        const api = setup.api;
        const save = unwrap(await api['saves.create']({ packId: 'tutorial', seed: 3 }));
        expect(unwrap(await api['play.submit']({ saveId: save.id, text: intent })).kind).toBe('turn');
        expect(unwrap(await api['play.settle']({ saveId: save.id })).failure).toBeNull();
        const before = await fingerprint(setup.home, save.id);

        const pending = api['play.submit']({ saveId: save.id, text: intent });
        if (breakage.name === 'an abort') {
          await expect
            .poll(() =>
              setup?.events.some(
                (event) => event.type === 'stage.started' && event.stage === stage && event.turn === 2,
              ),
            )
            .toBe(true);
          await api['play.cancel']({ saveId: save.id });
        }
        const failed: PlayResult = unwrap(await pending);
        expect(failed).toMatchObject({ kind: 'failed', turn: 2, stage });
        if (failed.kind === 'failed') expect(failed.reason.length).toBeGreaterThan(3);

        const after = await fingerprint(setup.home, save.id);
        expect(after.messages).toEqual(before.messages);
        expect(after.state).toEqual(before.state);
        expect(after.rng).toEqual(before.rng);
        expect(after.turns.at(-1)).toMatchObject({ number: 2, status: 'failed', failure: { stage } });
        expect(setup.events.filter((event) => event.type === 'turn.failed')).toHaveLength(1);

        const retried = unwrap(await api['play.submit']({ saveId: save.id, text: '/retry' }));
        expect(retried).toMatchObject({ kind: 'turn', turn: 2 });
        const final = await fingerprint(setup.home, save.id);
        expect(final.messages.slice(0, before.messages.length)).toEqual(before.messages);
        const retriedTypes = final.messages
          .filter((message) => message.turnNumber === 2)
          .map((message) => message.type);
        expect(retriedTypes.slice(0, 2)).toEqual(['intention', 'narration']);
      },
    );
  }
});

describe('an extractor that fails after its turn committed', () => {
  for (const breakage of breakages.filter((candidate) => candidate.name !== 'an abort')) {
    it.each(extractors)(
      `(%s, ${breakage.name}) keeps the prose, and the next turn says which stage failed until /retry resumes it`,
      async (stage) => {
        // Both of a turn's Lore Extractor steps (one per round) run at once and take the failing replies in turn.
        const steps = stage === 'lore_extractor' ? 2 : 1;
        const provider = await createScriptedProvider({ entries: script(stage, breakage, 2 * STEP_ATTEMPTS * steps) });
        setup = await startPlay(async () => provider);
        const api = setup.api;
        const save = unwrap(await api['saves.create']({ packId: 'tutorial', seed: 3 }));
        expect(unwrap(await api['play.submit']({ saveId: save.id, text: intent })).kind).toBe('turn');
        expect(unwrap(await api['play.settle']({ saveId: save.id })).failure).toBeNull();
        const before = await fingerprint(setup.home, save.id);

        // The turn resolves with its prose; its extractor fails afterwards, after its retries.
        const played = unwrap(await api['play.submit']({ saveId: save.id, text: intent }));
        expect(played).toMatchObject({ kind: 'turn', turn: 2 });
        const failedStep = (event: EngineEvent) =>
          event.type === 'after_turn.progress' && event.turn === 2 && event.status === 'failed';
        await expect.poll(() => setup?.events.some(failedStep)).toBe(true);
        expect(setup.events.find(failedStep)).toMatchObject({ step: expect.stringContaining(stage) });
        const committed = await fingerprint(setup.home, save.id);
        const prose = committed.messages.filter((message) => message.turnNumber === 2);
        expect(prose.map((message) => message.type)).toEqual([
          'intention',
          'narration',
          'dialog',
          'thought',
          'intention',
          'narration',
        ]);
        // None of its extractors' writes applied: the play state is the one the turn committed with its prose.
        const loreOf = (state: unknown) => playStateFromCheckpoint(state, 'test').lore;
        expect(loreOf(committed.state)).toEqual(loreOf(before.state));
        expect(loreOf(before.state)).toEqual([{ key: 'bone folder', content: 'Kept in the top drawer.', turn: 1 }]);

        // The next turn waits for that work and fails naming the stage; the prose stays.
        const next = unwrap(await api['play.submit']({ saveId: save.id, text: intent }));
        expect(next).toMatchObject({ kind: 'failed', turn: 3, stage });
        if (next.kind === 'failed') expect(next.reason).toContain('the after-turn work of turn 2 did not finish');
        const waited = await fingerprint(setup.home, save.id);
        expect(waited.messages).toEqual(committed.messages);

        // /retry resumes the work (the script answers now) and plays the turn.
        expect(unwrap(await api['play.submit']({ saveId: save.id, text: '/retry' }))).toMatchObject({
          kind: 'turn',
          turn: 3,
        });
        expect(unwrap(await api['play.settle']({ saveId: save.id })).failure).toBeNull();
        const final = await fingerprint(setup.home, save.id);
        expect(final.messages.slice(0, committed.messages.length)).toEqual(committed.messages);
        // Turn 2's writes applied once resumed, then turn 3's (the same fact, learned again).
        expect(loreOf(final.state)).toEqual([{ key: 'bone folder', content: 'Kept in the top drawer.', turn: 3 }]);
        expect(final.turns.map(({ number, status }) => `${number} ${status}`)).toEqual([
          '1 committed',
          '2 committed',
          '3 failed',
          '3 committed',
        ]);
      },
    );
  }
});
