/**
 * engine/boundary — the scene-boundary workflow (ARCHITECTURE §4): a durable DAG of steps whose states are rows in
 * the save. Deferred events first; then off-screen propagation, the social ripple, the world state, CharacterReflection
 * and the Chronicler side by side; the Lore step answering the Chronicler's lore requests; the narrative graph; and
 * the checkpoint, which applies every step's result at once. The steps are declared as data (workflow-steps.ts) on a
 * small generic runner of durable DAGs (dag.ts). A crash resumes from the last finished step; nothing is applied
 * twice. The reflections run as a second run after the first one's checkpoint (SCENE_STEPS), so the next scene can
 * open while the characters remember the last.
 */
export {
  BOUNDARY_STEPS,
  boundaryPart,
  isReflectionRun,
  NPC_STATE_CHECKPOINT,
  REFLECTION_STEPS,
  SCENE_STEPS,
  PLAY_STATE_CHECKPOINT,
  STEP_DEPENDENCIES,
  type BoundaryStep,
  type BoundaryStepContext,
  type Json,
  type StepHandler,
  type StepResult,
  type StepStageCall,
  type CallSettings,
} from './contract.ts';
export {
  runBoundaryWorkflow,
  type BoundaryHandlers,
  type BoundaryProgress,
  type BoundaryStore,
  type WorkflowDeps,
  type WorkflowOutcome,
  type WorkStep,
} from './run-workflow.ts';
export { BOUNDARY_HANDLERS } from './handlers.ts';
export { initialNpcState, npcStateFromCheckpoint, npcStateSchema, type NpcState } from './npc-state.ts';
export {
  readBoundaryInput,
  readSnapshot,
  type BoundaryInput,
  type BoundarySnapshot,
  type ReadSnapshot,
} from './snapshot.ts';
export { toJson, toJsonObject } from './json.ts';
export { mentionFinder, packKnowledge } from './pack-knowledge.ts';
export { chroniclerWarmUp, offscreenWarmUps, type WarmUpPrompt } from './simulation/index.ts';
export { reflectionWarmUps } from './steps/reflection-warm-up.ts';
