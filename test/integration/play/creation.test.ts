import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptEntryInput } from '../../../engine/llm/index.ts';
import { restoreProfilesState, tierOf } from '../../../engine/npc/index.ts';
import { loadPack } from '../../../engine/pack/index.ts';
import { CREATIONS_CHECKPOINT, type SaveStore } from '../../../engine/store/index.ts';
import { playStateFromCheckpoint, PLAY_STATE_CHECKPOINT } from '../../../engine/turn/index.ts';
import { createdAt, playedPack } from '../../../engine/turn/creation/created.ts';
import { npcStateAt } from '../../../engine/turn/npc-state-at.ts';
import { creationProvider } from '../../support/creation-provider.ts';
import { lanternQuayVariant, type LanternVariant } from '../../support/lantern-variant.ts';
import { auditPrompt, readAuditedSave } from '../../support/leak-audit.ts';
import { startPlay, STORIES_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

const NED = 'ned-tolly';
/** A private concept: only Ned's own stages may ever read it. */
const NED_CONCEPT = 'NED-CONCEPT-Q7 rowed Pell out past the mole the night he vanished, and was paid to forget it';
const WHY = 'someone must answer for the boats that go out at night';
const NED_LOOK = 'A broad boatman with tar-black hands, hunched over his gin by the door.';
const ASKED = 'may add "create"';

/** Turn 1's Narrator brings in a boatman and a back room whose name is taken by a pack id (the chapel). */
const CREATES: ScriptEntryInput[] = [
  {
    stage: 'narrator',
    expect: [ASKED, 'drowned-lantern (The Drowned Lantern)'],
    reply: {
      beats: [{ type: 'narration', content: 'By the door a boatman looks up from his gin, and away again.' }],
      create: [
        { kind: 'character', name: 'Ned Tolly', concept: NED_CONCEPT, where: 'drowned-lantern', why: WHY },
        {
          kind: 'location',
          name: 'Chapel',
          concept: 'A whitewashed back room behind the taproom, which the free-traders call the chapel.',
          where: 'drowned-lantern',
          why: 'Mother Rook takes her private talks somewhere',
        },
      ],
    },
  },
  {
    stage: 'creation',
    principal: NED,
    expect: [NED_CONCEPT, 'Ned Tolly, at The Drowned Lantern', WHY],
    reply: {
      description: NED_LOOK,
      personality: 'Slow to speak, quick to look at the door.',
      voice: 'Low and clipped, West Country.',
      line: 'Tide waits for no man, nor do I.',
    },
  },
];

let setup: PlaySetup | null = null;
let variant: LanternVariant | null = null;
afterEach(async () => {
  await setup?.cleanup();
  await variant?.cleanup();
  setup = null;
  variant = null;
});

async function begin(entries: readonly ScriptEntryInput[], storiesDir = STORIES_DIR) {
  const fake = await creationProvider(entries);
  setup = await startPlay(async () => fake.provider, undefined, storiesDir);
  const { api } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: 'sam-fairweather', seed: 16 }));
  const play = async (saveId: string, text: string) => unwrap(await api['play.submit']({ saveId, text }));
  return { ...fake, api, home: setup.home, saveId: save.id, play };
}

async function readSave(home: string, saveId: string, read: (store: SaveStore) => unknown) {
  const store = await openTestSave(path.join(home, 'saves', saveId));
  try {
    return read(store);
  } finally {
    store.close();
  }
}

describe('the Narrator’s creation requests', () => {
  it('bring a background figure into the world, who recurs and is profiled, leaks nowhere, and goes with /undo', async () => {
    const { api, home, saveId, play, scripted, narratorFields } = await begin(CREATES);
    const first = await play(saveId, 'I ask the landlady who rows the boats out when the Revenue sleeps.');
    expect(first.kind === 'turn' && first.createdNames).toEqual([]);
    unwrap(await api['play.settle']({ saveId }));
    // Speakers the pack's summary does not name: the player's views learn Ned's name with the stream.
    const named = [{ id: NED, name: 'Ned Tolly' }];
    expect(unwrap(await api['saves.open']({ id: saveId, lastMessages: 0 })).createdNames).toEqual(named);
    scripted.assertExhausted();
    // Only the persona's call was offered creation; the rounds after it had no such field.
    expect(narratorFields[0]).toContain('create');
    expect(narratorFields.slice(1).some((fields) => fields.includes('create'))).toBe(false);

    // Ned is in the save in the pack's own shape, background, in the play state, the world model and the World KG.
    const chronicle = unwrap(await api['saves.chronicle']({ id: saveId }));
    const ned = chronicle.characters.find((character) => character.id === NED);
    expect(ned).toMatchObject({ name: 'Ned Tolly', tier: 'background', created: { turn: 1, why: WHY } });
    expect(chronicle.characters.filter((character) => character.created !== null).map((c) => c.id)).toEqual([NED]);
    // "Chapel" is a pack id (St. Brennoc's): the back room takes the next free one.
    expect(chronicle.created.map((made) => `${made.kind} ${made.id}`)).toEqual([
      'character ned-tolly',
      'location chapel-2',
    ]);
    const world = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'world' }));
    expect(world.entries.some((entry) => entry.text === `Ned Tolly: ${NED_LOOK}`)).toBe(true);
    expect(world.entries.some((entry) => entry.text.includes('NED-CONCEPT'))).toBe(false);
    const pack = await lanternPack();
    await readSave(home, saveId, (store) => {
      const played = playedPack(pack, store);
      expect(played.characters.find((c) => c.id === NED)?.knowledge.map((k) => k.content)).toEqual([NED_CONCEPT]);
      const lantern = played.locations.find((location) => location.id === 'drowned-lantern');
      expect(lantern?.connections.some((way) => way.to === 'chapel-2')).toBe(true);
      expect(played.locations.find((l) => l.id === 'chapel-2')?.connections.map((w) => w.to)).toEqual([
        'drowned-lantern',
      ]);
      const state = playStateFromCheckpoint(store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data, store.path);
      expect(state.positions[NED]).toBe('drowned-lantern');
      expect(state.events?.world?.agents[NED]?.location).toBe('drowned-lantern');
      expect(state.events?.world?.locations['drowned-lantern']?.connections.some((w) => w.to === 'chapel-2')).toBe(
        true,
      );
      const roster = npcStateAt(store, played).roster;
      expect(roster === null ? null : tierOf(roster, NED)).toBe('background');
    });

    // Two scenes with Ned in them: he recurs, and the PartialProfileCrafter writes his profile at the second boundary.
    await play(saveId, '/end scene');
    const second = await play(saveId, 'I nod to the boatman by the door and ask whether he knew Mr. Pell.');
    expect(second.kind === 'turn' && second.createdNames).toEqual(named);
    await play(saveId, '/end scene');
    // The next turn waits for that boundary's first part, where the profiles are written.
    await play(saveId, 'I finish my gin and listen to the fiddle.');
    unwrap(await api['play.settle']({ saveId }));
    await readSave(home, saveId, (store) => {
      const played = playedPack(pack, store);
      const profiles = restoreProfilesState(npcStateAt(store, played).profiles);
      expect(profiles.appearances[NED]).toBe(2);
      expect(profiles.partial[NED]).toBeDefined();
      // The Narrator of the later turns had Ned among those present, to cue like anyone else.
      const narrators = store
        .turns()
        .flatMap((turn) => store.stageCalls(turn.id).filter((c) => c.stage === 'narrator'));
      expect(narrators.at(-1)?.prompt.some((message) => message.content.includes(`${NED} — Ned Tolly`))).toBe(true);

      // The audit, with the story's creations: Ned's concept reached only Ned's own stages. (Only its private-knowledge
      // rule reads this playthrough: the instant fake gives every character the same thought and intention, which the
      // thought and intention rules would take for one another's.)
      const audited = readAuditedSave(store, pack);
      expect(audited.pack.characters.some((character) => character.id === NED)).toBe(true);
      const { stream, calls } = audited;
      const leaks = calls.flatMap((call) => auditPrompt(call, stream, audited.pack));
      expect(leaks.filter((leak) => leak.rule.endsWith('private knowledge leaked'))).toEqual([]);
      const withConcept = calls.filter((call) => call.prompt.some((m) => m.content.includes('NED-CONCEPT')));
      expect(withConcept.length).toBeGreaterThan(0);
      expect(new Set(withConcept.map((call) => call.principal))).toEqual(new Set([NED]));
    });

    // Back to before turn 1: nothing the story created is left.
    let at = saveId;
    for (let undo = 0; undo < 5; undo += 1) at = (await play(at, '/undo')).saveId;
    const undone = unwrap(await api['saves.chronicle']({ id: at }));
    expect(unwrap(await api['saves.open']({ id: at, lastMessages: 0 })).createdNames).toEqual([]);
    expect(undone.created).toEqual([]);
    expect(undone.characters.some((character) => character.id === NED)).toBe(false);
    await readSave(home, at, (store) => {
      expect(store.latestCheckpoint(CREATIONS_CHECKPOINT)).toBeNull();
      expect(createdAt(store).made).toEqual([]);
    });
  });

  it('are not in the Narrator’s schema or prompt when the pack forbids creation', async () => {
    variant = await lanternQuayVariant({ 'story.yaml': (text) => `${text.trimEnd()}\ntuning:\n  creation: false\n` });
    const { api, home, saveId, play, narratorFields } = await begin([], variant.storiesDir);
    await play(saveId, 'I ask the landlady who rows the boats out when the Revenue sleeps.');
    unwrap(await api['play.settle']({ saveId }));
    expect(narratorFields.length).toBeGreaterThan(0);
    expect(narratorFields.some((fields) => fields.includes('create'))).toBe(false);
    await readSave(home, saveId, (store) => {
      const prompts = store.turns().flatMap((turn) => store.stageCalls(turn.id).filter((c) => c.stage === 'narrator'));
      expect(prompts.some((call) => call.prompt.some((message) => message.content.includes(ASKED)))).toBe(false);
    });
  });
});

async function lanternPack() {
  const { pack } = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (pack === null) throw new Error('lantern-quay does not load');
  return pack;
}
