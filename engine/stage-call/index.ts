/** engine/stage-call: one LLM stage call as the engine makes it, shared by the turn and the scene boundary. */
export {
  llmRequest,
  loggedStageCall,
  type StageCallFailure,
  type StageCallRequest,
  type StageCallScope,
  TRIM_NOTE_ROLE,
} from './logged-call.ts';
export {
  DEFAULT_CONTEXT_TOKENS,
  DEFAULT_RESERVED_OUTPUT,
  promptBudget,
  truncateToFit,
  type FittedPrompt,
  type PromptBudget,
} from './prompt-budget.ts';
