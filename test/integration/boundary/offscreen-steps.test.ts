import { describe, expect, it } from 'vitest';
import { BOUNDARY_HANDLERS, toJson, type Json } from '../../../engine/boundary/index.ts';
import {
  INFERENCE_SALIENCE_CAP,
  inWorldMinutes,
  knowledgeDraftSchema,
  restoreChronicleState,
  restoreSimulationState,
} from '../../../engine/npc/index.ts';
import { z } from 'zod';
import { lanternQuay, stepContext, TEXT } from './knowledge-steps.fixture.ts';
import {
  ANSELM,
  CHRONICLER_REPLY,
  COHORT,
  HALE,
  OFFSCREEN_SCRIPT,
  offscreenSnapshot,
  SIM,
} from './offscreen.fixture.ts';

const resultSchema = z.object({
  knowledge: z.array(z.object({ audience: z.unknown(), drafts: z.array(knowledgeDraftSchema) })).default([]),
  npc: z.record(z.string(), z.unknown()).default({}),
  play: z.object({ positions: z.record(z.string(), z.string()).default({}) }).default({ positions: {} }),
  detail: z.unknown(),
});

function read(result: Json) {
  const parsed = resultSchema.parse(result);
  const graphKey = (audience: unknown) => {
    const { kind, id } = z.object({ kind: z.string(), id: z.string().optional() }).parse(audience);
    return id ?? kind;
  };
  const graphs = new Map<string, string[]>();
  for (const { audience, drafts } of parsed.knowledge) {
    graphs.set(graphKey(audience), [...(graphs.get(graphKey(audience)) ?? []), ...drafts.map((d) => d.text)]);
  }
  return { ...parsed, graphs };
}

describe('off-screen propagation on Lantern Quay (scripted)', () => {
  it('simulates the schemers and infers the priest, keeping every memory in its own KG and world events in the World KG', async () => {
    const pack = await lanternQuay();
    const { context, calls, assertExhausted } = await stepContext(pack, offscreenSnapshot(pack), OFFSCREEN_SCRIPT);
    const { graphs, npc, play, detail } = read(await BOUNDARY_HANDLERS.offscreen_propagation(context));
    assertExhausted();

    expect([...graphs.keys()].sort()).toEqual([HALE, ANSELM, 'magdalen-rook', 'silas-crane', 'world']);
    // A changed relationship is the character's own memory of where it stands; one with a stranger is dropped.
    expect(graphs.get(HALE)).toEqual([
      SIM.haleScene,
      SIM.haleMemory,
      'Where I stand with Father Anselm Mercer now: HALE-TIE: he is stalling, and I have stopped asking politely.',
    ]);
    expect(graphs.get('magdalen-rook')).toContain(SIM.magdalenMemory);
    expect(graphs.get('magdalen-rook')).not.toContain(SIM.silasMemory);
    expect(graphs.get('silas-crane')).toContain(SIM.silasMemory);
    expect(graphs.get('silas-crane')).not.toContain(SIM.magdalenMemory);
    expect(graphs.get(ANSELM)).toContain(SIM.anselmMemory);
    expect(graphs.get('world')).toEqual([SIM.haleWorld]);
    // A member's private thoughts and intentions are filed nowhere but reach its own later calls only (below).
    expect([...graphs.values()].flat().join('\n')).not.toMatch(/THINKS|MEANS/u);
    expect(detail).toMatchObject({
      encounters: [
        {
          members: ['magdalen-rook', 'silas-crane'],
          rounds: 2,
          stoppedBecause: 'fewer than two members remain in the encounter',
        },
      ],
    });
    const encounter = JSON.stringify(detail);
    expect(encounter).toContain(SIM.magdalenSays);
    expect(encounter).not.toMatch(/THINKS|MEANS/u);
    // Hale walked to the quay; Crane ended at the Lantern; the priest is where he was.
    expect(play.positions).toEqual({ [HALE]: 'quay', 'silas-crane': 'drowned-lantern' });

    const simulation = restoreSimulationState(npc['simulation']);
    expect(simulation.cycle).toBe(3);
    expect(Object.keys(simulation.lastSimulated).sort()).toEqual([HALE, 'magdalen-rook', 'silas-crane']);
    expect(simulation.cycles.map((cycle) => cycle.cycle)).toEqual([2, 3]);
    expect(simulation.cycles[1]?.events).toMatchObject([
      { where: 'custom-house', event: SIM.haleWorld, entities: [HALE] },
    ]);
    expect(simulation.pending).toMatchObject([{ id: `${HALE}@3`, character: HALE, urgency: 'high' }]);
    // The priest's inference consumed the old log entry; Hale's new one waits for the next encounter.
    expect(simulation.characterEvents).toMatchObject([
      { about: ANSELM, by: HALE, event: 'Sent to ask after the crypt keys again.' },
    ]);
    expect(simulation.situations[ANSELM]).toMatchObject({ location: 'chapel', emotional_state: 'troubled' });

    const prompt = (principal: string) =>
      calls
        .filter((call) => call.principal === principal)
        .map((call) => call.prompt)
        .join('\n');
    // Each prompt is its principal's own view: the World KG and its own KG, never the persona's or another's.
    expect(prompt(HALE)).toContain('You killed Thomas Pell');
    expect(prompt(HALE)).not.toContain(TEXT.magdalen);
    expect(prompt(HALE)).not.toContain(TEXT.persona);
    expect(prompt(ANSELM)).not.toContain('HALE-READ');
    expect(prompt(ANSELM)).not.toContain('You killed Thomas Pell');
    // The cohort: each member's calls hold its own view; the moderator's hold public facts only.
    expect(prompt('magdalen-rook')).not.toMatch(/SILAS-OWN|SILAS-THINKS|You burned the true log/u);
    expect(prompt('silas-crane')).not.toMatch(/MAGDALEN-OWN|MAGDALEN-THINKS|MAGDALEN-MEANS/u);
    for (const secret of [TEXT.magdalen, TEXT.silas, SIM.magdalenThinks, SIM.magdalenIntends, SIM.silasThinks])
      expect(prompt(COHORT)).not.toContain(secret);
    for (const character of pack.characters.filter((c) => ['magdalen-rook', 'silas-crane'].includes(c.id)))
      for (const item of character.knowledge) {
        expect(prompt(COHORT)).not.toContain(item.content);
        const other = character.id === 'silas-crane' ? 'magdalen-rook' : 'silas-crane';
        expect(prompt(other)).not.toContain(item.content);
      }
    for (const call of calls) {
      expect(call.prompt).not.toContain(TEXT.persona);
      expect(call.prompt).not.toContain(TEXT.kit);
      expect(call.prompt).not.toContain(TEXT.kitThought);
    }
  });

  it('fails the whole step when one cohort member’s call fails, so nothing of the cycle is kept', async () => {
    const pack = await lanternQuay();
    // Silas's second turn fails: the first round, the moderator and Magdalen's second turn have already run.
    const failing = OFFSCREEN_SCRIPT.map((entry, index) =>
      index ===
      OFFSCREEN_SCRIPT.findIndex((e) => e.stage === 'cohort_member' && e.expect?.includes(SIM.silasThinks) === true)
        ? { stage: entry.stage, principal: entry.principal, error: 'timeout' as const, message: 'the model stalled' }
        : entry,
    );
    const { context } = await stepContext(pack, offscreenSnapshot(pack), failing);
    await expect(BOUNDARY_HANDLERS.offscreen_propagation(context)).rejects.toThrow('the model stalled');
  });

  it('caps an inferred memory’s salience at 6', async () => {
    const pack = await lanternQuay();
    const { context } = await stepContext(pack, offscreenSnapshot(pack), OFFSCREEN_SCRIPT);
    const { knowledge } = read(await BOUNDARY_HANDLERS.offscreen_propagation(context));
    const inferred = knowledge
      .flatMap((graph) => graph.drafts)
      .filter((d) => d.provenance.source === 'offscreen-inference');
    expect(inferred.length).toBeGreaterThan(0);
    expect(Math.max(...inferred.map((draft) => draft.salience))).toBeLessThanOrEqual(INFERENCE_SALIENCE_CAP);
  });
});

describe('off-screen propagation when nobody is due', () => {
  it('simulates nobody when every schemer lived the last hours already, and still infers who is about to appear', async () => {
    const pack = await lanternQuay();
    const snapshot = z.record(z.string(), z.unknown()).parse(offscreenSnapshot(pack));
    const npc = z.record(z.string(), z.unknown()).parse(snapshot['npc']);
    const simulation = restoreSimulationState(npc['simulation']);
    const fresh = inWorldMinutes('1768-09-29T21:00') ?? 0;
    const lastSimulated = { [HALE]: fresh, 'magdalen-rook': fresh, 'silas-crane': fresh };
    const input = toJson({ ...snapshot, npc: { ...npc, simulation: { ...simulation, lastSimulated } } });
    const inference = OFFSCREEN_SCRIPT.filter((entry) => entry.stage === 'offscreen_inference');
    const { context, calls, assertExhausted } = await stepContext(pack, input, inference);
    const { graphs, npc: after, detail } = read(await BOUNDARY_HANDLERS.offscreen_propagation(context));
    assertExhausted();
    expect(calls.map((call) => call.principal)).toEqual([ANSELM]);
    expect([...graphs.keys()]).toEqual([ANSELM]);
    expect(detail).toMatchObject({ plan: { simulate: false } });
    // A cycle that did not simulate leaves no record: the next Chronicler takes in nothing from it.
    expect(restoreSimulationState(after['simulation']).cycles.map((cycle) => cycle.cycle)).toEqual([1, 2]);
  });
});

describe('the Chronicler (scripted)', () => {
  it('reads the previous cycle’s simulation events only (off by one), the World KG and nothing private', async () => {
    const pack = await lanternQuay();
    const script = [{ stage: 'chronicler' as const, principal: 'public', reply: CHRONICLER_REPLY }];
    const { context, calls, assertExhausted } = await stepContext(pack, offscreenSnapshot(pack), script);
    const { graphs, npc } = read(await BOUNDARY_HANDLERS.chronicler(context));
    assertExhausted();

    const [call] = calls;
    expect(call?.prompt).toContain(SIM.previousCycle);
    expect(call?.prompt).not.toContain(SIM.twoCyclesAgo);
    expect(call?.prompt).toContain(TEXT.world);
    expect(call?.prompt).toContain('The Michaelmas gale');
    for (const secret of [
      TEXT.persona,
      TEXT.kit,
      TEXT.magdalen,
      TEXT.silas,
      TEXT.kitThought,
      'You killed Thomas Pell',
    ]) {
      expect(call?.prompt).not.toContain(secret);
    }
    expect(graphs.get('world')).toEqual([CHRONICLER_REPLY.world_events[0]?.event]);
    const chronicle = restoreChronicleState(npc['chronicle']);
    expect(chronicle).toMatchObject({
      cycle: 3,
      took_in: [SIM.previousCycle],
      writer_guidance: { manifesting_now: ['The wind tears a shutter loose somewhere below the chapel.'] },
    });
  });

  it('takes in a cycle’s simulation events one cycle later, when the simulation that emitted them has finished', async () => {
    const pack = await lanternQuay();
    const snapshot = offscreenSnapshot(pack);
    const propagation = await stepContext(pack, snapshot, OFFSCREEN_SCRIPT);
    const { npc } = read(await BOUNDARY_HANDLERS.offscreen_propagation(propagation.context));
    // The next scene closes: its snapshot starts from the npc_state this cycle's checkpoint wrote.
    const base = z.record(z.string(), z.unknown()).parse(snapshot);
    const npcBase = z.record(z.string(), z.unknown()).parse(base['npc']);
    const next = toJson({ ...base, scene: 4, npc: { ...npcBase, simulation: npc['simulation'] } });
    const script = [{ stage: 'chronicler' as const, principal: 'public', reply: CHRONICLER_REPLY }];
    const { context, calls } = await stepContext(pack, next, script);
    const { npc: after } = read(await BOUNDARY_HANDLERS.chronicler(context));
    expect(calls[0]?.prompt).toContain(SIM.haleWorld);
    expect(calls[0]?.prompt).not.toContain(SIM.previousCycle);
    expect(restoreChronicleState(after['chronicle'])?.took_in).toEqual([SIM.haleWorld]);
  });
});
