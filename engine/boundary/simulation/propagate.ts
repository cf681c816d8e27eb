import { formCohorts, markRelevant, type CohortPlan, type SimulationPlan } from '../../npc/index.ts';
import type { BoundaryStepContext, StepResult } from '../contract.ts';
import { toJson } from '../json.ts';
import { assembleCycle } from './assemble.ts';
import { inferSignificant } from './inference.ts';
import { askIntentChecks, intentAnswer, type AskedIntent } from './intent-checks.ts';
import type { CohortRun } from './cohort.ts';
import { livePeriod, type SimulatedLife } from './live-period.ts';
import { readOffscreenScene, type OffscreenScene } from './offscreen-scene.ts';
import { cohortCandidate, cycleRoster, planCycle } from './plan.ts';
import { craftPartialProfiles } from './profiles.ts';
import { awayFromActiveArea, ruleTierUpdate } from './tier-signals.ts';
import { simulationShifts } from './standing-shifts.ts';

/**
 * Off-screen propagation (npc-simulation.md, "Simulation Decision Flow"): the SimulationPlanner decides whether the
 * arc_important characters live the coming period (all of them, or none); IntentChecks settle the uncertain pairs;
 * cohorts form; standalone characters and cohorts live the period side by side; significant characters likely to be
 * in the next scene get an OffscreenInference. Every result is a draft or a replaced part, applied at the checkpoint.
 */
export async function propagateOffscreen(context: BoundaryStepContext): Promise<StepResult> {
  const scene = readOffscreenScene(context);
  const roster = cycleRoster(scene);
  const plan = planCycle(context.pack, scene, roster);
  // Inference reads only the events log the last cycles left, so it runs beside this cycle's simulations, and the
  // partial profiles only the scene that just ended.
  const [simulated, inferred, profiled] = await Promise.all([
    plan.simulate ? simulate(context, scene, plan) : null,
    inferSignificant(context, scene, plan.significantForInference, scene.simulation.characterEvents),
    craftPartialProfiles(context, scene, roster),
  ]);
  const lives = simulated?.lives ?? [];
  const outcome = assembleCycle(context.pack, scene, roster, { lives, window: plan.window }, inferred);
  const relevant = plan.window === null ? roster : markRelevant(roster, plan.simulated, plan.window.from);
  const awaySince = awayFromActiveArea(context.pack, scene, { ...scene.positions, ...outcome.positions });
  const asked = simulated?.asked ?? [];
  const tiers = ruleTierUpdate(context.pack, scene, relevant, {
    pending: outcome.simulation.pending,
    asked,
    awaySince,
  });
  return {
    knowledge: outcome.knowledge.map(({ audience, drafts }) => ({ audience, drafts: drafts.map(toJson) })),
    npc: {
      simulation: toJson({ ...outcome.simulation, awaySince }),
      roster: toJson(tiers.roster),
      profiles: toJson(profiled.profiles),
    },
    play: { positions: outcome.positions },
    standings: simulationShifts(context.pack, context.personaId, lives).map(toJson),
    detail: toJson({
      cycle: scene.cycle,
      plan: { simulate: plan.simulate, reasons: plan.reasons, window: plan.window, decisions: plan.decisions },
      intentChecks: asked,
      cohorts: simulated?.cohorts ?? null,
      // Each cohort's encounter as everyone saw it (public lines only: no member's thoughts, notes or account).
      encounters: simulated?.cohortRuns ?? [],
      simulated: lives.map(({ character, cohort, lived }) => ({
        character,
        cohort,
        // How the characters' views of each other moved: the shifts among them move the standings at the checkpoint.
        relationships: lived.relationship_updates,
        goalProgress: lived.goal_progress,
      })),
      inferred: inferred.map((item) => ({ character: item.character, consumedEvents: item.consumed.length })),
      pending: outcome.simulation.pending.map((item) => ({ character: item.character, urgency: item.urgency })),
      tiers: { changes: tiers.changes, refused: tiers.refused },
      partialProfiles: profiled.crafted,
    }),
  };
}

type Simulated = {
  readonly asked: readonly AskedIntent[];
  readonly cohorts: CohortPlan;
  readonly lives: readonly SimulatedLife[];
  readonly cohortRuns: readonly CohortRun[];
};

async function simulate(context: BoundaryStepContext, scene: OffscreenScene, plan: SimulationPlan): Promise<Simulated> {
  const { window } = plan;
  if (window === null) return { asked: [], cohorts: formCohorts([], []), lives: [], cohortRuns: [] };
  const candidates = plan.simulated.flatMap((id) => {
    const character = context.pack.characters.find((candidate) => candidate.id === id);
    return character === undefined ? [] : [cohortCandidate(context.pack, scene, character)];
  });
  const asked = await askIntentChecks(context, scene, window, candidates);
  const cohorts = formCohorts(
    candidates,
    asked.map((item) => intentAnswer(context.pack, item)),
  );
  const { lives, cohortRuns } = await livePeriod(context, scene, window, cohorts);
  return { asked, cohorts, lives, cohortRuns };
}
