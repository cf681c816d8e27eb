/** engine/stage-call: one LLM stage call as the engine makes it, shared by the turn and the scene boundary. */
export {
  llmRequest,
  loggedStageCall,
  type StageCallFailure,
  type StageCallRequest,
  type StageCallScope,
} from './logged-call.ts';
