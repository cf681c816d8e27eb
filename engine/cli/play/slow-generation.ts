import type { EngineEvent } from '../../api/index.ts';

type SlowEvent = Extract<EngineEvent, { type: 'llm.slow' }>;

/** What the terminal says when local generation runs far below this machine's measured speed. */
export function slowGenerationWarning(event: SlowEvent): string {
  return (
    `warning: ${event.model} is writing ${event.tokensPerSecond.toFixed(1)} tokens/s, far below the ` +
    `${event.expectedTokensPerSecond.toFixed(1)} that "storyloom models bench" measured here with ${event.threads} ` +
    `threads. Another program may be holding the cores: close it, or lower "threads" in the model settings.`
  );
}
