import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUNDARY_HANDLERS, readBoundaryInput, toJson, type Json } from '../../../engine/boundary/index.ts';
import { applyStepResults } from '../../../engine/boundary/apply-results.ts';
import { cohortCandidate, readOffscreenScene, tierSignals } from '../../../engine/boundary/simulation/index.ts';
import { readStandings, scorePair } from '../../../engine/npc/index.ts';
import type { ScriptEntryInput } from '../../../engine/llm/index.ts';
import { PERSONA } from '../../support/packs.ts';
import { lanternQuay, stepContext } from './knowledge-steps.fixture.ts';
import { ANSELM, HALE, OFFSCREEN_SCRIPT, offscreenSnapshot } from './offscreen.fixture.ts';

const TIE = 'HALE-TIE: he is stalling, and I have stopped asking politely.';

/** The fixture's replies, Hale's evening turning his trust in Father Anselm down by half. */
function shiftingScript(): ScriptEntryInput[] {
  return OFFSCREEN_SCRIPT.map((entry) => {
    const reply = entry.reply;
    if (entry.principal !== HALE || entry.stage !== 'standalone_simulation' || typeof reply !== 'object') return entry;
    if (reply === null || Array.isArray(reply)) return entry;
    const updates = [{ character: 'Father Anselm', change: TIE, dimension: 'Trust', shift: -0.5 }];
    return { ...entry, reply: { ...reply, relationship_updates: updates } };
  });
}

/** The fixture's closing scene, Hale already a little cool towards Anselm (and the persona). */
function snapshotWithStandings(pack: Awaited<ReturnType<typeof lanternQuay>>): Json {
  const snapshot = z.record(z.string(), z.json()).parse(offscreenSnapshot(pack));
  const npc = z.record(z.string(), z.json()).parse(snapshot['npc']);
  const standings = {
    version: 1,
    sides: [
      { from: HALE, to: ANSELM, values: { trust: -0.2 }, why: 'the crypt keys' },
      { from: HALE, to: PERSONA, values: { fear: 0.7 }, why: 'the letter' },
    ],
  };
  return toJson({ ...snapshot, npc: { ...npc, standings } });
}

describe('standings at the scene boundary', () => {
  it('a simulation moves a standing, and the next cycle’s planner scores the pair as a strong relationship', async () => {
    const pack = await lanternQuay();
    const snapshot = snapshotWithStandings(pack);
    const { context, assertExhausted } = await stepContext(pack, snapshot, shiftingScript());
    const result = await BOUNDARY_HANDLERS.offscreen_propagation(context);
    assertExhausted();
    expect(z.object({ standings: z.array(z.unknown()) }).parse(result).standings).toEqual([
      { from: HALE, to: ANSELM, dimension: 'trust', by: -0.5, why: TIE },
    ]);

    const input = readBoundaryInput(snapshot);
    const applied = applyStepResults(input, { offscreen_propagation: result });
    const moved = readStandings(applied.npcState.standings, 'test');
    expect(moved.sides.find((side) => side.to === ANSELM)).toEqual({
      from: HALE,
      to: ANSELM,
      values: { trust: -0.7 },
      why: TIE,
    });

    const character = (id: string) => {
      const found = pack.characters.find((candidate) => candidate.id === id);
      if (found === undefined) throw new Error(`no ${id}`);
      return found;
    };
    const pairScore = (npc: typeof input.npc) => {
      const scene = readOffscreenScene({ ...input, npc });
      return scorePair(cohortCandidate(pack, scene, character(HALE)), cohortCandidate(pack, scene, character(ANSELM)));
    };
    const before = pairScore(input.npc);
    const after = pairScore(applied.npcState);
    expect(before.factors).not.toContain('strong-relationship');
    expect(after.factors).toContain('strong-relationship');
    expect(after.score - before.score).toBe(2);
  });

  it('a strong standing with the persona is a tier signal; only the character’s own side counts', async () => {
    const pack = await lanternQuay();
    const input = readBoundaryInput(snapshotWithStandings(pack));
    const scene = readOffscreenScene(input);
    const signals = tierSignals(pack, scene, { pending: [], asked: [], awaySince: {} });
    expect(signals.find((signal) => signal.character === HALE)?.strongWithPersona).toBe(true);
    expect(signals.find((signal) => signal.character === ANSELM)?.strongWithPersona).toBe(false);
  });
});
