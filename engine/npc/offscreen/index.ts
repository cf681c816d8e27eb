/**
 * What off-screen simulation and the Chronicler persist in the npc_state checkpoint, and the Narrator's brief at a
 * scene opening built from it. Plain JSON, restored with zod; no LLM calls here.
 */
export {
  EMPTY_SIMULATION_STATE,
  KEPT_CYCLES,
  restoreSimulationState,
  URGENCIES,
  simulationStateSchema,
} from './simulation-state.ts';
export type {
  CharacterEvent,
  CycleWorldEvent,
  PendingInteraction,
  SimulationState,
  Situation,
  Urgency,
} from './simulation-state.ts';
export {
  chronicleStateSchema,
  MOMENTUM_TRAJECTORIES,
  restoreChronicleState,
  storyStateSchema,
  writerGuidanceSchema,
} from './chronicle-state.ts';
export type { ChronicleState, StoryState, WriterGuidance } from './chronicle-state.ts';
export { OPENINGS_PER_URGENCY, sceneOpeningBrief } from './opening-brief.ts';
export type { OpeningDeliveries, OpeningInput, SceneOpeningBrief } from './opening-brief.ts';
