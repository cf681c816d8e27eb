/**
 * engine/store — SQLite save files. One save = one WAL-mode SQLite file holding the append-only message stream,
 * turns, stage-call logs and checkpoints. Undo/retry/rewind fork a new save; history is never edited.
 */
export { openSave, createSave, type SaveAccess, type StoreOptions } from './open-save.ts';
export { forkSave, type ForkOptions } from './fork-save.ts';
export { SaveLibrary, type SaveLibraryOptions } from './save-library.ts';
export type { SaveStore } from './save-store.ts';
export { LATEST_SAVE_FORMAT } from './migrations/index.ts';
export type {
  BoundaryRunFinish,
  BoundaryRunStatus,
  BoundaryStepStatus,
  BoundaryStepWrite,
  NewBoundaryRun,
  RunKind,
  StoredBoundaryRun,
  StoredBoundaryStep,
} from './boundary-types.ts';
export { SAVE_FILE_EXTENSION, STORYLOOM_APPLICATION_ID } from './constants.ts';
export {
  CHECKPOINT_KINDS,
  CREATIONS_CHECKPOINT,
  EVENTS_REPORT_CHECKPOINT,
  IMPORTANCE_FLAGS_CHECKPOINT,
  NPC_STATE_CHECKPOINT,
  PLAY_STATE_CHECKPOINT,
  SCENE_OPENINGS_CHECKPOINT,
  TRUTH_CHECKPOINT,
  type CheckpointKind,
} from './checkpoint-kinds.ts';
export type {
  StoredCheckpoint,
  StoredLedgerEntry,
  NewLedgerEntry,
  CommittedTurn,
  FailedTurn,
  JsonValue,
  StoredMessage,
  NewCheckpoint,
  NewMessage,
  NewSave,
  NewStageCall,
  PromptMessage,
  SaveMeta,
  StoredStageCall,
  TurnCommit,
  StoredTurn,
} from './types.ts';
