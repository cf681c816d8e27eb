import { getLlama, LlamaLogLevel, resolveChatWrapper, type LlamaContextSequence, type Token } from 'node-llama-cpp';
import { preparePrompt } from '../chat-prompt.ts';
import type { GenerationRunner, TimedGeneration } from './measure.ts';

export interface RawRunner extends GenerationRunner {
  dispose(): Promise<void>;
}

/**
 * node-llama-cpp directly, as its own documentation would have it, with `threads` set: a bare evaluate loop per
 * sequence, no grammar, no stop texts, no streaming. The yardstick the app's provider is measured against.
 */
export async function rawRunner(modelPath: string, threads: number, sequences: number): Promise<RawRunner> {
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: threads, logLevel: LlamaLogLevel.warn });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ sequences, contextSize: { max: 4096 }, swaFullCache: true });
  const format = { model, chatWrapper: resolveChatWrapper(model) };
  const slots: LlamaContextSequence[] = Array.from({ length: sequences }, () => context.getSequence());
  return {
    threads: context.idealThreads,
    async generate(slot, messages, maxTokens) {
      const sequence = slots[slot];
      if (sequence === undefined) throw new Error(`no sequence ${slot}: the raw runner has ${sequences}`);
      return generate(sequence, preparePrompt(format, messages).tokens, maxTokens);
    },
    async dispose() {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}

async function generate(
  sequence: LlamaContextSequence,
  prompt: readonly Token[],
  maxTokens: number,
): Promise<TimedGeneration> {
  const started = performance.now();
  const keep = Math.min(sequence.compareContextTokens([...prompt]).firstDifferentIndex, prompt.length - 1);
  if (keep < sequence.nextTokenIndex) {
    await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
  }
  const evaluated = prompt.length - sequence.nextTokenIndex;
  let generated = 0;
  let firstAt = started;
  for await (const _token of sequence.evaluate([...prompt.slice(sequence.nextTokenIndex)], { temperature: 0.8 })) {
    if (generated === 0) firstAt = performance.now();
    generated++;
    if (generated >= maxTokens) break;
  }
  const endedAt = performance.now();
  return {
    promptTokens: prompt.length,
    evaluatedTokens: evaluated,
    generatedTokens: generated,
    // A reply that ended at once (its first sample was the end) spent all its time on the prompt: so the app's runner
    // counts it too, and a prompt rate never divides by nothing.
    timeToFirstTokenMs: (generated > 0 ? firstAt : endedAt) - started,
    totalMs: endedAt - started,
  };
}
