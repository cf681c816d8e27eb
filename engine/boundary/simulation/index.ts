/**
 * Off-screen simulation and the Chronicler as scene-boundary work (npc-simulation.md): the LLM stages, each prompt
 * built from one principal's view, and the sorting of their replies into knowledge drafts and npc_state parts.
 */
export { propagateOffscreen } from './propagate.ts';
export { chronicle, chroniclerWarmUp } from './chronicle.ts';
export { offscreenWarmUps, type WarmUpPrompt } from './offscreen-warm-up.ts';
export {
  chroniclerSchema,
  cohortMemberTurnSchema,
  cohortModeratorSchema,
  intentCheckSchema,
  loreCrafterSchema,
  offscreenInferenceSchema,
  standaloneSimulationSchema,
} from './outputs.ts';
export { cohortCandidate, likelyToAppear } from './plan.ts';
export { MAX_COHORT_ROUNDS, stopAfterRound } from './cohort-transcript.ts';
export { readOffscreenScene, type OffscreenScene } from './offscreen-scene.ts';
export { awayFromActiveArea, ruleTierUpdate, tierSignals, type TierObservations } from './tier-signals.ts';
