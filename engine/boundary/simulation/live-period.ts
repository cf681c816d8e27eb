import type { Cohort, CohortPlan, SimulationWindow } from '../../npc/index.ts';
import type { Character } from '../../pack/index.ts';
import type { BoundaryStepContext } from '../contract.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { cohortSimulationSchema, standaloneSimulationSchema, type LivedPeriod } from './outputs.ts';
import { castLine, characterId, placesLine, storyHeader } from './cast.ts';
import { characterSheet, periodOf } from './sheets.ts';

/** One character's period, lived alone or in a cohort; what it produced is kept for it alone. */
export type SimulatedLife = {
  readonly character: string;
  /** Fellow members when it lived the period in a cohort. */
  readonly cohort: readonly string[];
  readonly lived: LivedPeriod;
};

/**
 * Every standalone character and every cohort lives the period at once: standalone characters in their own call,
 * each cohort in one SimulationModerator call with all its members' sheets.
 */
export async function livePeriod(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  plan: CohortPlan,
): Promise<readonly SimulatedLife[]> {
  const alone = plan.standalone.map((id) => standalone(context, scene, window, characterOf(context, id)));
  const together = plan.cohorts.map((cohort) => inCohort(context, scene, window, cohort));
  const lives = await Promise.all([...alone, ...together]);
  return lives.flat();
}

async function standalone(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  character: Character,
): Promise<readonly SimulatedLife[]> {
  const lived = await context.callObject({
    stage: 'simulation',
    principal: character.id,
    messages: context.prompts.renderBoundary('standalone_simulation', {
      story: storyHeader(context.pack),
      period: periodOf(window),
      cast: castLine(context.pack),
      places: placesLine(context.pack),
      char: characterSheet(context.pack, scene, character),
    }),
    schema: standaloneSimulationSchema,
    schemaName: 'standalone_simulation',
    maxTokens: 1800,
    temperature: 0.7,
  });
  return [{ character: character.id, cohort: [], lived }];
}

/** The cohort's principal names all its members: the call holds each of their views and nobody else's. */
function cohortPrincipal(cohort: Cohort): string {
  return `cohort:${cohort.members.join('+')}`;
}

async function inCohort(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  cohort: Cohort,
): Promise<readonly SimulatedLife[]> {
  const members = cohort.members.map((id) => characterOf(context, id));
  const reply = await context.callObject({
    stage: 'simulation',
    principal: cohortPrincipal(cohort),
    messages: context.prompts.renderBoundary('cohort_simulation', {
      story: storyHeader(context.pack),
      period: periodOf(window),
      cast: castLine(context.pack),
      places: placesLine(context.pack),
      members: members.map((member) => characterSheet(context.pack, scene, member)),
      links: cohort.links.map(
        ({ pair, mutual }) =>
          `${pair.a} and ${pair.b}: ${pair.factors.join(', ')}${mutual ? ' (each seeks the other)' : ''}`,
      ),
    }),
    schema: cohortSimulationSchema,
    schemaName: 'cohort_simulation',
    maxTokens: 3000,
    temperature: 0.7,
  });
  // An account the moderator gave to someone outside the cohort is dropped: it has no one to belong to.
  return reply.members.flatMap(({ character, ...lived }) => {
    const id = characterId(context.pack, character);
    if (id === null || !cohort.members.includes(id)) return [];
    return [{ character: id, cohort: cohort.members.filter((member) => member !== id), lived }];
  });
}

function characterOf(context: BoundaryStepContext, id: string): Character {
  const character = context.pack.characters.find((candidate) => candidate.id === id);
  if (character === undefined) throw new Error(`simulation for an unknown character: ${id}`);
  return character;
}
