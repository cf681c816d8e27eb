import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LandscapeView, TruthView } from '../../../engine/api/index.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const fixtureSchema = z.object({
  about: z.string(),
  turns: z.array(
    z.object({
      input: z.string(),
      interpretation: z.object({
        judgments: z.array(
          z.object({ proposition: z.string(), confidence: z.number(), magnitude: z.number(), description: z.string() }),
        ),
      }),
    }),
  ),
});
const FIXTURE = new URL('./fixtures/pells-fate.json', import.meta.url);
const PELL_FACT = "Thomas Pell is dead; his body came ashore in Brennoc's Cove";

/** One step of the playthrough as the report shows it: the truth set and the landscape after the turn. */
export interface Step {
  readonly turn: number;
  readonly factual: readonly string[];
  readonly interpretive: readonly string[];
  readonly accumulators: readonly string[];
  readonly gates: readonly string[];
  readonly strongest: string;
}

function stepOf(truth: TruthView, landscape: LandscapeView): Step {
  return {
    turn: truth.turn,
    factual: truth.factual.map((fact) => fact.key),
    interpretive: truth.interpretive.map((entry) => `${entry.key} ${entry.confidence} ${entry.standing}`),
    accumulators: truth.accumulators.map((entry) => `${entry.key} ${entry.value}`),
    gates: landscape.gates.filter((gate) => gate.open).map((gate) => `${gate.id} → ${gate.knownBy.join(',')}`),
    strongest: `${landscape.strongestAttractor?.id ?? '-'} ${landscape.strongestAttractor?.pull.toFixed(2) ?? ''}`,
  };
}

describe('Lantern Quay played to the pells_fate gate', () => {
  it('opens pells_fate through play alone: Stage 4 judges trust the gate waits on, and the Narrator hears it at once', async () => {
    const fixture = fixtureSchema.parse(JSON.parse(await readFile(FIXTURE, 'utf8')));
    const fake = createInterpretingProvider();
    setup = await startPlay(async () => fake.provider);
    const { api } = setup;
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const steps: Step[] = [];
    for (const turn of fixture.turns) {
      fake.interpret(turn.interpretation);
      unwrap(await api['play.submit']({ saveId: save.id, text: turn.input }));
      // Stage 4 runs after its turn, as an after-turn step: let its answer land before the views are read.
      unwrap(await api['play.settle']({ saveId: save.id }));
      const truth = unwrap(await api['saves.truth']({ id: save.id }));
      const landscape = unwrap(await api['saves.landscape']({ id: save.id }));
      steps.push(stepOf(truth, landscape));
    }

    if (process.env['STORYLOOM_PRINT_STEPS'] === '1') console.log(JSON.stringify(steps, null, 1));

    // Stage 4 was allowed to judge what the gate waits on: the chapel's map held it though no trigger lists it.
    const chapelTurn = fake.prompts.filter((prompt) => prompt.stage === 'deep_interpretation')[2]?.text ?? '';
    expect(chapelTurn).toContain('TrustGrowing(player,anselm-mercer)');
    expect(chapelTurn).toContain('ThematicResonance(guilt)');
    // A scene's emotional target is judgeable too (the crypt's, cast among the story's attractors).
    expect(chapelTurn).toContain('EmotionalRegister(resolve)');

    const [, walked, confided, asked] = steps;
    expect(walked?.factual).toContain('At(player,chapel)');
    expect(walked?.gates).toEqual([]);
    // Turn 3 enters the chapel scene (Anselm present); its Stage 4 answer is taken in at the end of the turn, after
    // its Narrator calls: the judged trust opens the gate then.
    expect(confided?.factual).toEqual(
      expect.arrayContaining(['CharacterPresent(anselm-mercer)', 'GateFired(pells_fate)', 'Knows(player,pells_fate)']),
    );
    expect(confided?.interpretive).toContain('TrustGrowing(player,anselm-mercer) 0.8 refined');
    expect(confided?.gates).toEqual(['pells_fate → player']);
    expect(asked?.gates).toEqual(['pells_fate → player']);
    // The very next Narrator call (turn 4) hears the facts, as mandatory; none before it did.
    const narrator = fake.prompts.filter((prompt) => prompt.stage === 'narrator');
    const turnFour = narrator.findIndex((prompt) => prompt.text.includes('what he keeps in the vestry Bible'));
    expect(turnFour).toBeGreaterThan(0);
    expect(narrator[turnFour]?.text).toContain(PELL_FACT);
    expect(narrator.slice(0, turnFour).some((prompt) => prompt.text.includes(PELL_FACT))).toBe(false);
    const context = unwrap(await api['saves.context']({ id: save.id, turn: 4 }));
    expect(context.candidates.find((candidate) => candidate.id === 'revelation:pells_fate')).toMatchObject({
      mandatory: true,
      selected: true,
    });
  });
});
