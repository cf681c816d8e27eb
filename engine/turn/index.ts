export { PlaySession, type SessionDeps, type SubmitResult } from './session.ts';
export { runTurn, type TurnInput, type TurnOutcome, type TurnSetup } from './run-turn.ts';
export { parseInput, OOC_COMMANDS, type OocCommand } from './commands.ts';
export { StageFailure } from './stage-failure.ts';
export {
  initialPlayState,
  PLAY_STATE_CHECKPOINT,
  playStateFromCheckpoint,
  playStateSchema,
  type PlayState,
} from './play-state.ts';
export { toStreamEntry, toStreamMessage } from './stream-entries.ts';
export { beatScriptSchema, intentSchema, stateChangesSchema, loreFactsSchema } from './outputs.ts';
export {
  eventsReportAt,
  truthAt,
  TRUTH_CHECKPOINT,
  EVENTS_REPORT_CHECKPOINT,
  type EventsReport,
} from './classify/index.ts';
// The landscape as of a turn imports classify, which imports ./storykeeper/index.ts: kept out of that index to stay
// acyclic.
export { landscapeAt, weighedLandscapeAt } from './storykeeper/views.ts';
export { npcStateAt } from './npc-state-at.ts';
export { openingDeliveries, SCENE_OPENINGS_CHECKPOINT } from './opening-deliveries.ts';
export { IMPORTANCE_FLAGS_CHECKPOINT } from './importance-flags.ts';
export { CHOICES_CHECKPOINT, latestChoices } from './choices.ts';
export { createdAt, createdNames, playedPack, withCreations, type Made } from './creation/created.ts';
export { runAfterTurn, type AfterTurnDeps, type AfterTurnOutcome, type AfterTurnProgress } from './after-turn-run.ts';
export { readAfterTurnInput, APPLY_STEP } from './after-turn-apply.ts';
export { openingText, playMacros, type PlayMacros } from './play-macros.ts';
export { CHECKPOINT_SCHEMAS } from './checkpoints.ts';
