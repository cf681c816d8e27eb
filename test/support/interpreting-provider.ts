import { LlmError, type LlmObjectRequest, type LlmProvider } from '../../engine/llm/index.ts';
import { createInstantProvider } from './instant-provider.ts';

export interface InterpretationReply {
  readonly judgments: readonly {
    readonly proposition: string;
    readonly confidence: number;
    readonly magnitude: number;
    readonly description: string;
  }[];
}

/**
 * A test boundary fake: the instant provider for every stage, but Stage 4 (deep interpretation) answers from a queue
 * the test fills, each reply optionally held back until the test releases it, or failing; and the Narrator can be
 * made to fail once, to watch a failed turn leave no trace.
 */
export function createInterpretingProvider() {
  const instant = createInstantProvider();
  const queue: { reply: InterpretationReply | Error; held: Promise<void> }[] = [];
  const prompts: { stage: string; text: string }[] = [];
  /** Stage 4 calls that answered (a stopped one is not counted). */
  const calls: string[] = [];
  let failNarrator = false;
  const provider: LlmProvider = {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      prompts.push({ stage: request.stage, text: request.messages.map((message) => message.content).join('\n') });
      if (request.stage === 'narrator' && failNarrator) {
        failNarrator = false;
        throw new LlmError('provider', 'the narrator model went away');
      }
      if (request.stage !== 'deep_interpretation') return instant.generateObject(request);
      const next = queue.shift() ?? { reply: { judgments: [] }, held: Promise.resolve() };
      // Like a real provider, a held call whose work is stopped fails at once.
      const stopped = new Promise<never>((_resolve, reject) => {
        const stop = () => reject(new LlmError('aborted', 'stopped', request.stage));
        if (request.signal?.aborted === true) stop();
        request.signal?.addEventListener('abort', stop);
      });
      await Promise.race([next.held, stopped]);
      calls.push(request.stage);
      if (next.reply instanceof Error) throw next.reply;
      const text = JSON.stringify(next.reply);
      const usage = { promptTokens: 0, cachedPromptTokens: 0, generatedTokens: 1, timeToFirstTokenMs: 0, totalMs: 0 };
      return { text, value: request.schema.parse(next.reply), usage, model: 'instant', attempts: 1 };
    },
  };
  return {
    provider,
    prompts,
    calls,
    /** The next Stage 4 call answers this; with `held`, only once the returned release is called. */
    interpret(reply: InterpretationReply | Error, options: { held?: boolean } = {}): () => void {
      let release = () => {};
      const held = options.held === true ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      queue.push({ reply, held });
      return release;
    },
    failNextNarrator(): void {
      failNarrator = true;
    },
    lastPrompt(stage: string): string {
      return prompts.findLast((prompt) => prompt.stage === stage)?.text ?? '';
    },
  };
}
