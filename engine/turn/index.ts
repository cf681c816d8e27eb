export { PlaySession, type SessionDeps, type SubmitResult } from './session.ts';
export { runTurn, type TurnInput, type TurnOutcome, type TurnSetup } from './run-turn.ts';
export { parseInput, OOC_COMMANDS, type OocCommand } from './commands.ts';
export { StageFailure } from './stage-failure.ts';
export { initialPlayState, PLAY_STATE_CHECKPOINT, playStateFromCheckpoint, type PlayState } from './play-state.ts';
export { toStreamEntry, toStreamMessage } from './stream-entries.ts';
export { beatScriptSchema, intentSchema, stateChangesSchema, loreFactsSchema } from './outputs.ts';
export { buildTruthView, truthAt, TRUTH_CHECKPOINT, EVENTS_REPORT_CHECKPOINT } from './classify/index.ts';
export { contextView, landscapeAt, landscapeView } from './storykeeper/index.ts';
