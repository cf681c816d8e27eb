import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { npcStateForTurn } from '../../../engine/turn/turn-knowledge.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { auditKnowledge } from '../../support/leak-audit.ts';
import { lanternQuay } from '../../support/packs.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

// The instant provider's boundary replies: each character reflects in its own words, named after it.
const KIT_REMEMBERS = 'kit-wickett remembers the stranger by the fire.';
const MAGDALEN_REMEMBERS = 'magdalen-rook remembers the stranger by the fire.';
const SAM_REMEMBERS = 'sam-fairweather remembers the stranger by the fire.';

/** Lantern Quay: one turn in the tavern, `/end scene` (its boundary runs), then one turn of the next scene. */
async function aSceneAndTheNext(nextInput = 'I ask for a room.') {
  const fake = createInterpretingProvider();
  setup = await startPlay(async () => fake.provider);
  const { api } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  const play = async (text: string) => unwrap(await api['play.submit']({ saveId: save.id, text }));
  await play('I shake the rain off my coat.');
  await play('/end scene');
  const before = fake.prompts.length;
  await play(nextInput);
  return { fake, api, saveId: save.id, home: setup.home, next: fake.prompts.slice(before) };
}

describe('knowledge graphs in play', () => {
  it("records the Lore Extractor's facts in the World KG with the turn that learned them", async () => {
    const { api, saveId } = await aSceneAndTheNext();
    const world = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'world', turn: 1 }));
    expect(world.entries).toContainEqual(
      expect.objectContaining({
        text: 'the lamps: They gutter in the harbour wind.',
        source: 'lore-extractor',
        ref: 'turn 1',
        tags: ['lore'],
      }),
    );
  });

  it("writes each present character's reflection into its own graph at the scene boundary, and nowhere else", async () => {
    const { api, saveId } = await aSceneAndTheNext();
    const kit = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'kit-wickett' }));
    expect(kit.entries.map((entry) => [entry.text, entry.source, entry.ref])).toContainEqual([
      KIT_REMEMBERS,
      'character-reflection',
      'turn 2',
    ]);
    expect(kit.entries.some((entry) => entry.text === MAGDALEN_REMEMBERS)).toBe(false);
    const world = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'world' }));
    expect(world.entries.some((entry) => entry.source === 'character-reflection')).toBe(false);
    const persona = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'persona' }));
    const reflected = persona.entries.filter((entry) => entry.source === 'character-reflection');
    expect(reflected.map((entry) => entry.text)).toEqual([SAM_REMEMBERS]);
  });

  it("gives the persona's reflection to the Persona Intent of the next scene, and to no character's prompt", async () => {
    const { next } = await aSceneAndTheNext('/auto');
    const personaIntent = next.filter((prompt) => prompt.stage === 'persona_intent');
    expect(personaIntent.map((prompt) => prompt.text.includes(SAM_REMEMBERS))).toEqual([true]);
    const others = next.filter((prompt) => prompt.stage !== 'persona_intent' && !prompt.stage.endsWith('_extractor'));
    expect(others.length).toBeGreaterThan(0);
    for (const prompt of others) expect(prompt.text).not.toContain(SAM_REMEMBERS);
  });

  it("gives a character's prompts of the next scene its own reflection, never another character's", async () => {
    const { next } = await aSceneAndTheNext();
    const characterPrompts = next.filter(
      (prompt) => prompt.stage === 'npc_intent' || prompt.stage === 'character_dialog',
    );
    expect(characterPrompts.length).toBeGreaterThan(0);
    for (const prompt of characterPrompts) {
      const mine = prompt.text.includes('You are Kit Wickett.') ? KIT_REMEMBERS : MAGDALEN_REMEMBERS;
      const theirs = mine === KIT_REMEMBERS ? MAGDALEN_REMEMBERS : KIT_REMEMBERS;
      expect(prompt.text).toContain(mine);
      expect(prompt.text).not.toContain(theirs);
    }
    for (const prompt of next.filter((candidate) => candidate.stage === 'narrator')) {
      expect(prompt.text).not.toContain(KIT_REMEMBERS);
      expect(prompt.text).not.toContain(MAGDALEN_REMEMBERS);
    }
  });

  it('rolls the graphs back with the save: undoing past the scene boundary forgets its reflections, not the lore', async () => {
    const { api, saveId } = await aSceneAndTheNext();
    const once = unwrap(await api['play.submit']({ saveId, text: '/undo' }));
    const back = unwrap(await api['play.submit']({ saveId: once.saveId, text: '/undo' }));
    expect(back.kind).toBe('forked');
    const kit = unwrap(await api['saves.knowledge']({ id: back.saveId, graph: 'kit-wickett' }));
    expect(kit.turn).toBe(1);
    expect(kit.entries).toEqual([]);
    const world = unwrap(await api['saves.knowledge']({ id: back.saveId, graph: 'world' }));
    expect(world.entries.some((entry) => entry.source === 'lore-extractor' && entry.ref === 'turn 1')).toBe(true);
  });

  it('passes the knowledge leak audit over every stage call of the save', async () => {
    const { saveId, home } = await aSceneAndTheNext();
    const pack = await lanternQuay();
    const store = await openTestSave(path.join(home, 'saves', saveId));
    try {
      const knowledge = npcStateForTurn(store, pack).knowledge;
      const calls = store.turns().flatMap((turn) => store.stageCalls(turn.id));
      expect(calls.some((call) => call.stage === 'character_reflection')).toBe(true);
      expect(calls.flatMap((call) => auditKnowledge(call, knowledge, store.meta().personaId))).toEqual([]);
    } finally {
      store.close();
    }
  });
});
