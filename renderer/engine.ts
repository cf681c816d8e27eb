// The renderer's one door to the engine: the public API's types and its generated client (ARCHITECTURE §1).
export type {
  CreatedName,
  EngineClient,
  EngineConnection,
  EngineEvent,
  OpenedSave,
  PackImportResult,
  PackSummary,
  PlayResult,
  Result,
  SaveSummary,
  Settings,
  StageCallRecord,
  StreamMessage,
  TurnRecord,
  UnreadableSave,
} from '../engine/api/index.ts';
export { createEngineClient } from '../engine/api/client.ts';
export { errorMessage } from '../engine/api/errors.ts';
export { createHttpTransport } from '../engine/api/transports/http-client.ts';
export type {
  AppInfo,
  CatalogModel,
  ConnectionCheck,
  DownloadProgress,
  LocalModelInfo,
  MeasuredModelSpeed,
  ModelListing,
  ParamsOf,
  StageKind,
  TruthView,
  TriggerView,
  TraceNode,
  ClassificationView,
  LandscapeView,
  LandscapeSceneView,
  ContextView,
  ContextCandidateView,
  ChronicleView,
  ChronicleCharacterView,
  StandingView,
  PendingInteractionView,
  StoryStateView,
  WriterGuidanceView,
  KnowledgeGraphView,
  KnowledgeEntryView,
} from '../engine/api/index.ts';
export { STAGE_KINDS } from '../engine/api/stages.ts';
export { DROP_REASONS, SCENE_STATES } from '../engine/api/storykeeper-words.ts';
export { describeWait } from '../engine/api/wait-words.ts';
