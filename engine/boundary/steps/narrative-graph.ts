import type { LandscapeReport } from '../../storykeeper/index.ts';
import type { StepHandler, StepResult } from '../contract.ts';

/** How many scenes the topography keeps: the strongest pulls are what the next scene's Narrator feels. */
const TOP_SCENES = 8;

/**
 * Narrative-graph update (event-system.md, scene boundary, step 4): the landscape re-weighed once the scene's events
 * have settled — which scenes are reachable, their effective masses and pulls, the strongest attractor — as the
 * topography for the next scene and the debug panels. Without a save behind the run there is nothing to weigh.
 */
export const narrativeGraph: StepHandler = (context) => {
  const report = context.landscape?.() ?? null;
  const result = { detail: report === null ? { weighed: false } : topography(report) } satisfies StepResult;
  return Promise.resolve(result);
};

function topography(report: LandscapeReport) {
  const ranked = [...report.scenes].sort((a, b) => b.pull - a.pull || a.id.localeCompare(b.id));
  return {
    weighed: true,
    turn: report.turn,
    location: report.location,
    currentScene: report.currentScene,
    strongestAttractor: report.strongestAttractor,
    reachable: ranked.filter((scene) => scene.state !== 'dormant' && scene.state !== 'completed').map((s) => s.id),
    scenes: ranked.slice(0, TOP_SCENES).map((scene) => ({
      id: scene.id,
      state: scene.state,
      pull: scene.pull,
      mass: { base: scene.mass.base, structural: scene.mass.structural, approach: scene.mass.approach },
    })),
    gates: report.gates.map((gate) => ({ ...gate })),
  };
}
