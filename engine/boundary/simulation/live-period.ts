import type { CohortPlan, SimulationWindow } from '../../npc/index.ts';
import type { LlmMessage } from '../../llm/index.ts';
import type { Character } from '../../pack/index.ts';
import type { BoundaryStepContext, CallSettings } from '../contract.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { standaloneSimulationSchema, type LivedPeriod } from './outputs.ts';
import { castLine, placesLine, storyHeader } from './cast.ts';
import { characterOf, liveAsCohort, type CohortRun } from './cohort.ts';
import { characterSheet, periodOf } from './sheets.ts';

/** One character's period, lived alone or in a cohort; what it produced is kept for it alone. */
export type SimulatedLife = {
  readonly character: string;
  /** Fellow members when it lived the period in a cohort. */
  readonly cohort: readonly string[];
  readonly lived: LivedPeriod;
};

export type LivedCycle = {
  readonly lives: readonly SimulatedLife[];
  /** Each cohort's encounter, as everyone saw it. */
  readonly cohortRuns: readonly CohortRun[];
};

/**
 * Every standalone character and every cohort lives the period at once: a standalone character in its own call, a
 * cohort in rounds of one call per member under a SimulationModerator that holds public facts only.
 */
export async function livePeriod(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  plan: CohortPlan,
): Promise<LivedCycle> {
  const alone = Promise.all(
    plan.standalone.map((id) => standalone(context, scene, window, characterOf(context.pack, id))),
  );
  const together = Promise.all(plan.cohorts.map((cohort) => liveAsCohort(context, scene, window, cohort)));
  const [standaloneLives, cohorts] = await Promise.all([alone, together]);
  const inCohorts = cohorts.flatMap(({ run, lives }) =>
    lives.map(({ character, lived }) => ({
      character,
      cohort: run.members.filter((member) => member !== character),
      lived,
    })),
  );
  return { lives: [...standaloneLives, ...inCohorts], cohortRuns: cohorts.map(({ run }) => run) };
}

/** A StandaloneSimulation's settings: the same at the close and when its answer is asked ahead (offscreenWarmUps). */
export const STANDALONE_SIMULATION = {
  schema: standaloneSimulationSchema,
  schemaName: 'standalone_simulation',
  maxTokens: 1800,
  temperature: 0.7,
} as const satisfies CallSettings<LivedPeriod>;

async function standalone(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  character: Character,
): Promise<SimulatedLife> {
  const lived = await context.callObject({
    stage: 'standalone_simulation',
    principal: character.id,
    messages: standaloneSimulationPrompt(context, scene, window, character),
    ...STANDALONE_SIMULATION,
  });
  return { character: character.id, cohort: [], lived };
}

/** The StandaloneSimulation prompt of one character living the period alone. */
export function standaloneSimulationPrompt(
  { pack, prompts }: Pick<BoundaryStepContext, 'pack' | 'prompts'>,
  scene: OffscreenScene,
  window: SimulationWindow,
  character: Character,
): LlmMessage[] {
  return prompts.renderBoundary('standalone_simulation', {
    story: storyHeader(pack),
    period: periodOf(window),
    cast: castLine(pack),
    places: placesLine(pack),
    char: characterSheet(pack, scene, character),
  });
}
