import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Json } from '../../../engine/boundary/index.ts';
import { characterReflection } from '../../../engine/boundary/steps/character-reflection.ts';
import { socialRipple } from '../../../engine/boundary/steps/social-ripple.ts';
import {
  readKnowledgeWrite,
  recordKnowledge,
  restoreSocialGraph,
  tieStrength,
  type KnowledgeStore,
} from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import {
  closingSnapshot,
  KIT,
  lanternQuay,
  MAGDALEN,
  PERSONA,
  quaySocialGraph,
  seededKnowledge,
  SILAS,
  stepContext,
  TEXT,
  tierRoster,
} from './knowledge-steps.fixture.ts';

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

const kitRemembers = {
  memories: [
    {
      text: 'The stranger asked me about the boat, low, so Magdalen would not hear.',
      salience: 8,
      entities: [PERSONA, 'the-boat'],
      tags: ['Pell'],
    },
  ],
};
const magdalenRemembers = {
  memories: [
    {
      text: 'A stranger came in out of the rain and I did not like his eyes.',
      salience: 5,
      entities: [PERSONA],
      tags: [],
    },
    { text: 'Kit kept close to him all evening.', salience: 4, entities: [KIT], tags: ['kit'] },
  ],
};

const samRemembers = {
  memories: [{ text: 'SAM-REFLECTS: Kit knows about the boat; I must not let Magdalen see me ask.', salience: 7 }],
};
const samReflects = { stage: 'character_reflection', principal: PERSONA, reply: samRemembers } as const;

const stepResultSchema = z.object({
  knowledge: z.array(z.object({ audience: z.unknown(), drafts: z.array(z.unknown()) })).default([]),
  npc: z.record(z.string(), z.unknown()).default({}),
});

/** Applies a step's knowledge writes as the checkpoint step does, through the store's one write path. */
function applied(store: KnowledgeStore, output: unknown): KnowledgeStore {
  return stepResultSchema
    .parse(output)
    .knowledge.map(readKnowledgeWrite)
    .reduce((next, write) => recordKnowledge(next, write.audience, write.drafts), store);
}

describe('CharacterReflection at a scene boundary', () => {
  it("writes each present character's memories, and the persona's, into its own graph and nowhere else", async () => {
    const { context, assertExhausted } = await stepContext(pack, closingSnapshot(), [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers },
      { stage: 'character_reflection', principal: MAGDALEN, reply: magdalenRemembers },
      samReflects,
    ]);
    const before = seededKnowledge();
    const after = applied(before, await characterReflection(context));
    assertExhausted();

    expect(after.world).toEqual(before.world);
    expect(after.persona.slice(0, 1)).toEqual(before.persona);
    expect(after.persona.slice(1)).toEqual([
      expect.objectContaining({ kind: 'memory', text: samRemembers.memories[0]?.text, tags: ['reflection'] }),
    ]);
    const everyCharacter = Object.values(after.characters).flat();
    expect(everyCharacter.map((entry) => entry.text)).not.toContain(samRemembers.memories[0]?.text);
    expect(after.characters[SILAS]).toEqual(before.characters[SILAS]);
    expect(Object.keys(after.characters).sort()).toEqual([KIT, MAGDALEN, SILAS].sort());
    const kitNew = after.characters[KIT]?.slice(1);
    expect(kitNew).toEqual([
      expect.objectContaining({
        kind: 'memory',
        text: kitRemembers.memories[0]?.text,
        salience: 8,
        place: 'drowned-lantern',
        // Ids the story does not know are dropped; tags are labels, lower-cased, and mark the memory a reflection.
        entities: [PERSONA],
        tags: ['pell', 'reflection'],
        provenance: { source: 'character-reflection', ref: 'turn 7' },
      }),
    ]);
    expect(after.characters[MAGDALEN]?.slice(1).map((entry) => entry.text)).toEqual(
      magdalenRemembers.memories.map((item) => item.text),
    );
  });

  it('moves its own standing with someone who was there, and with no one who was not', async () => {
    const standing = [
      { character: 'Kit', dimension: 'Trust', shift: 0.4, why: 'she kept the stranger close' },
      { character: SILAS, dimension: 'fear', shift: 0.5, why: 'not there: dropped' },
    ];
    const { context } = await stepContext(pack, closingSnapshot(), [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers },
      { stage: 'character_reflection', principal: MAGDALEN, reply: { ...magdalenRemembers, standing } },
      samReflects,
    ]);
    const output = await characterReflection(context);
    expect(z.object({ standings: z.array(z.unknown()) }).parse(output).standings).toEqual([
      { from: MAGDALEN, to: KIT, dimension: 'trust', by: 0.4, why: 'she kept the stranger close' },
    ]);
  });

  it("builds each prompt from that character's view alone: its own graph, the World KG, what it witnessed", async () => {
    const { context, calls } = await stepContext(pack, closingSnapshot(), [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers },
      { stage: 'character_reflection', principal: MAGDALEN, reply: magdalenRemembers },
      samReflects,
    ]);
    await characterReflection(context);
    const kit = calls.find((call) => call.principal === KIT)?.prompt ?? '';
    const magdalen = calls.find((call) => call.principal === MAGDALEN)?.prompt ?? '';

    for (const seen of [TEXT.world, TEXT.kit, TEXT.shared, TEXT.whisperNarration, TEXT.kitThought])
      expect(kit).toContain(seen);
    for (const hidden of [TEXT.persona, TEXT.magdalen, TEXT.silas, TEXT.magdalenThought, TEXT.whisperIntention])
      expect(kit).not.toContain(hidden);

    for (const seen of [TEXT.world, TEXT.magdalen, TEXT.shared, TEXT.magdalenThought]) expect(magdalen).toContain(seen);
    // Magdalen did not hear the whisper, and never sees Kit's mind or memories, Silas's or the persona's.
    for (const hidden of [
      TEXT.persona,
      TEXT.kit,
      TEXT.silas,
      TEXT.kitThought,
      TEXT.whisperIntention,
      TEXT.whisperNarration,
    ])
      expect(magdalen).not.toContain(hidden);
  });

  it("builds the persona's prompt from its own view: its graph, the World KG, what it witnessed and meant", async () => {
    const { context, calls } = await stepContext(pack, closingSnapshot(), [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers },
      { stage: 'character_reflection', principal: MAGDALEN, reply: magdalenRemembers },
      samReflects,
    ]);
    await characterReflection(context);
    const sam = calls.find((call) => call.principal === PERSONA)?.prompt ?? '';
    for (const seen of [TEXT.world, TEXT.persona, TEXT.shared, TEXT.whisperIntention, TEXT.whisperNarration])
      expect(sam).toContain(seen);
    for (const hidden of [TEXT.kit, TEXT.magdalen, TEXT.silas, TEXT.kitThought, TEXT.magdalenThought])
      expect(sam).not.toContain(hidden);
  });

  it('runs the reflections in parallel: both calls are made before either answers', async () => {
    const { context, calls } = await stepContext(pack, closingSnapshot(), [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers, delayMs: 30 },
      { stage: 'character_reflection', principal: MAGDALEN, reply: magdalenRemembers, delayMs: 30 },
      { ...samReflects, delayMs: 30 },
    ]);
    const running = characterReflection(context);
    await Promise.resolve();
    expect(calls.map((call) => call.principal)).toEqual([KIT, MAGDALEN, PERSONA]);
    await running;
  });

  it('leaves out characters whose tier keeps no knowledge graph', async () => {
    const roster = tierRoster({ [KIT]: 'significant', [MAGDALEN]: 'background', [SILAS]: 'arc_important' });
    const { context, calls } = await stepContext(pack, closingSnapshot({ roster }), [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers },
      samReflects,
    ]);
    const after = applied(seededKnowledge(), await characterReflection(context));
    expect(calls.map((call) => call.principal)).toEqual([KIT, PERSONA]);
    expect(after.characters[MAGDALEN]).toEqual(seededKnowledge().characters[MAGDALEN]);
  });

  it('asks no one who witnessed nothing of the scene to remember it', async () => {
    // Only Sam's whisper to Kit is left of the scene: Magdalen saw and heard none of it.
    const whisperOnly = closingSnapshot({ keep: (line) => line.type !== 'thought' && line.content !== TEXT.shared });
    const { context, calls, assertExhausted } = await stepContext(pack, whisperOnly, [
      { stage: 'character_reflection', principal: KIT, reply: kitRemembers },
      samReflects,
    ]);
    const after = applied(seededKnowledge(), await characterReflection(context));
    assertExhausted();
    expect(calls.map((call) => call.principal)).toEqual([KIT, PERSONA]);
    expect(after.characters[MAGDALEN]).toEqual(seededKnowledge().characters[MAGDALEN]);
  });

  it('fails the step when a reflection does not match its schema (more than five memories)', async () => {
    const tooMany = {
      memories: Array.from({ length: 6 }, (_, index) => ({ text: `m${index}`, salience: 3, entities: [], tags: [] })),
    };
    const { context } = await stepContext(pack, closingSnapshot(), [
      { stage: 'character_reflection', principal: KIT, reply: tooMany },
      { stage: 'character_reflection', principal: MAGDALEN, reply: magdalenRemembers },
      samReflects,
    ]);
    await expect(characterReflection(context)).rejects.toThrow(/schema/u);
  });
});

describe('the social-graph ripple at a scene boundary', () => {
  it("spreads the scene's news to absent characters along the graph, weaker with each hop, tagged rumor", async () => {
    const { context, calls } = await stepContext(pack, closingSnapshot({ relationships: quaySocialGraph() }), []);
    const output = await socialRipple(context);
    const after = applied(seededKnowledge(), output);
    expect(calls).toEqual([]);

    const silasHeard = after.characters[SILAS]?.slice(1) ?? [];
    expect(silasHeard.map((entry) => entry.text)).toEqual([
      'Heard from Kit Wickett that Sam Fairweather was seen to show the badge to Kit Wickett at The Drowned Lantern.',
      'Heard from Kit Wickett that Sam Fairweather, Kit Wickett and Magdalen Rook were seen together at The Drowned Lantern.',
    ]);
    expect(silasHeard.every((entry) => entry.tags.includes('rumor'))).toBe(true);
    const hale = after.characters['ambrose-hale'] ?? [];
    const mercer = after.characters['anselm-mercer'] ?? [];
    expect(hale.length).toBeGreaterThan(0);
    expect(mercer.length).toBeGreaterThan(0);
    const top = (entries: typeof hale) => Math.max(...entries.map((entry) => entry.salience));
    expect(top(silasHeard)).toBeGreaterThan(top(hale));
    expect(top(hale)).toBeGreaterThan(top(mercer));
    expect(mercer.every((entry) => entry.tags.includes('inference'))).toBe(true);
  });

  it('spreads what the deferred_events step resolved as well as the ledger, and repeats no action without a target', async () => {
    const shift = { type: 'RelationshipShifted', from: KIT, to: MAGDALEN, dimension: 'trust', delta: -0.3 };
    const vague = { type: 'ActionPerformed', actor: MAGDALEN, action: 'sigh', target: null };
    const item = (event: Json) => ({ outcome: { kind: 'record', record: { kind: 'event', event } } });
    // The ripple reads the deferred work from the snapshot, the same list the deferred_events step lists.
    const snapshot = z.record(z.string(), z.json()).parse(closingSnapshot({ relationships: quaySocialGraph() }));
    const input = { ...snapshot, deferred: [item(shift), item(vague)] };
    const { context } = await stepContext(pack, input, []);
    const output = await socialRipple(context);
    const { detail } = z.object({ detail: z.object({ news: z.array(z.string()) }) }).parse(output);
    expect(detail.news).toEqual([
      'Sam Fairweather was seen to show the badge to Kit Wickett at The Drowned Lantern',
      'Kit Wickett turned against Magdalen Rook at The Drowned Lantern',
      'Sam Fairweather, Kit Wickett and Magdalen Rook were seen together at The Drowned Lantern',
    ]);
    expect(applied(seededKnowledge(), output).characters[SILAS]?.map((entry) => entry.text)).toContain(
      'Heard from Kit Wickett that Kit Wickett turned against Magdalen Rook at The Drowned Lantern.',
    );
    // The trigger's ShiftRelationship moves Kit's own standing with Magdalen at the checkpoint.
    expect(z.object({ standings: z.array(z.unknown()) }).parse(output).standings).toEqual([
      {
        from: KIT,
        to: MAGDALEN,
        dimension: 'trust',
        by: -0.3,
        why: 'what passed between them at The Drowned Lantern (turn 7)',
      },
    ]);
  });

  it('writes nothing for the characters who were there, nor for the world or the persona', async () => {
    const { context } = await stepContext(pack, closingSnapshot({ relationships: quaySocialGraph() }), []);
    const before = seededKnowledge();
    const after = applied(before, await socialRipple(context));
    expect(after.world).toEqual(before.world);
    expect(after.persona).toEqual(before.persona);
    expect(after.characters[KIT]).toEqual(before.characters[KIT]);
    expect(after.characters[MAGDALEN]).toEqual(before.characters[MAGDALEN]);
  });

  it('returns the relationships part with the ties of those who shared the scene strengthened', async () => {
    const { context } = await stepContext(pack, closingSnapshot({ relationships: quaySocialGraph() }), []);
    const output = stepResultSchema.parse(await socialRipple(context));
    const restored = restoreSocialGraph(output.npc['relationships']);
    if (!restored.ok) throw new Error(restored.problems.join('; '));
    expect(tieStrength(restored.graph, KIT, MAGDALEN)).toBe(0.2);
    expect(tieStrength(restored.graph, KIT, SILAS)).toBe(0.9);
    expect(tieStrength(restored.graph, KIT, PERSONA)).toBe(0);
  });

  it('starts from the ties the pack implies when the save has no social graph yet (factions, goals)', async () => {
    const { context } = await stepContext(pack, closingSnapshot(), []);
    const output = stepResultSchema.parse(await socialRipple(context));
    const restored = restoreSocialGraph(output.npc['relationships']);
    if (!restored.ok) throw new Error(restored.problems.join('; '));
    // Kit's goals involve Magdalen, and now they shared a scene; Magdalen's involve Silas and Hale.
    expect(tieStrength(restored.graph, KIT, MAGDALEN)).toBe(0.6);
    expect(tieStrength(restored.graph, MAGDALEN, SILAS)).toBe(0.4);
    const heard = output.knowledge.map((write) => readKnowledgeWrite(write).audience);
    expect(heard).toContainEqual({ kind: 'character', id: SILAS });
    expect(heard).not.toContainEqual({ kind: 'character', id: KIT });
  });
});
