export { PlaySession, type SessionDeps, type SubmitResult } from './session.ts';
export { runTurn, type TurnInput, type TurnOutcome, type TurnSetup } from './run-turn.ts';
export { parseInput, OOC_COMMANDS, type OocCommand } from './commands.ts';
export { StageFailure } from './stage-failure.ts';
export { initialPlayState, PLAY_STATE_CHECKPOINT, playStateFromCheckpoint, type PlayState } from './play-state.ts';
export { toStreamEntry, toStreamMessage } from './stream-entries.ts';
export { beatScriptSchema, intentSchema, stateChangesSchema, loreFactsSchema } from './outputs.ts';
export { buildTruthView, truthAt, TRUTH_CHECKPOINT, EVENTS_REPORT_CHECKPOINT } from './classify/index.ts';
// The read views import classify, which imports ./storykeeper/index.ts: kept out of that index to stay acyclic.
export { contextView, landscapeAt, landscapeView, weighedLandscapeAt } from './storykeeper/views.ts';
export { knowledgeGraphView } from './knowledge-graph-view.ts';
export { SCENE_OPENINGS_CHECKPOINT } from './opening-deliveries.ts';
export { chronicleView } from './chronicle-view.ts';
export { IMPORTANCE_FLAGS_CHECKPOINT } from './importance-flags.ts';
export { CHOICES_CHECKPOINT, latestChoices } from './choices.ts';
export { runAfterTurn, type AfterTurnDeps, type AfterTurnOutcome, type AfterTurnProgress } from './after-turn-run.ts';
export { readAfterTurnInput, APPLY_STEP } from './after-turn-apply.ts';
export { openingText, playMacros, type PlayMacros } from './play-macros.ts';
export { CHECKPOINT_SCHEMAS } from './checkpoints.ts';
