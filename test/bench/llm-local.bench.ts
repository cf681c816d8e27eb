import {
  getLlama,
  LlamaLogLevel,
  resolveChatWrapper,
  type LlamaContextSequence,
  type LlamaModel,
  type Token,
} from 'node-llama-cpp';
import type { LlmMessage } from '../../engine/llm/types.ts';
import { createTinyProvider, makeTinyModel } from '../support/tiny-model.ts';
import { atLeast, atMost, median, round, type Benchmark, type BenchmarkResult } from './types.ts';

/** Rounds after one warm-up round; the machine may be busy with other work, so the median needs a few. */
const ROUNDS = 25;
const MAX_TOKENS = 512;
const TEMPERATURE = 0.8;

const speedMessages = (turn: number): LlmMessage[] => [
  { role: 'system', content: 'You are the narrator of a quiet river town.' },
  { role: 'user', content: `Describe the market on day ${turn}.` },
];

/**
 * Our provider's decode speed (generated tokens/s after the first token, not streaming) ÷ a bare node-llama-cpp loop
 * (`sequence.evaluate` + one detokenize at the end) on the same tiny model, prompt tokens, seed and token count,
 * each in its own 4-sequence context on one thread. Rounds alternate which one goes first; the median ratio counts.
 */
async function wrapperSpeedRatio(): Promise<BenchmarkResult> {
  const tiny = await makeTinyModel();
  const provider = await createTinyProvider(tiny.path);
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1, logLevel: LlamaLogLevel.warn });
  const model = await llama.loadModel({ modelPath: tiny.path });
  const context = await model.createContext({ sequences: 4, contextSize: { max: 8192 }, swaFullCache: true });
  const sequence = context.getSequence();
  const chatWrapper = resolveChatWrapper(model);
  const ratios: number[] = [];
  const ours: number[] = [];
  const raw: number[] = [];
  const streamingRatios: number[] = [];
  try {
    for (let turn = -1; turn < ROUNDS; turn++) {
      const messages = speedMessages(turn);
      const history = [
        { type: 'system' as const, text: messages[0]?.content ?? '' },
        { type: 'user' as const, text: messages[1]?.content ?? '' },
        { type: 'model' as const, response: [] },
      ];
      const promptTokens = chatWrapper
        .generateContextState({ chatHistory: history })
        .contextText.tokenize(model.tokenizer);
      const runOurs = async (onTextDelta?: (delta: string) => void) => {
        const request = {
          stage: 'narrator' as const,
          messages,
          temperature: TEMPERATURE,
          seed: turn + 1,
          maxTokens: MAX_TOKENS,
        };
        const result = await provider.generateText(onTextDelta === undefined ? request : { ...request, onTextDelta });
        const decodeMs = result.usage.totalMs - (result.usage.timeToFirstTokenMs ?? 0);
        return {
          tokens: result.usage.generatedTokens,
          perSecond: ((result.usage.generatedTokens - 1) * 1000) / decodeMs,
        };
      };
      const runRaw = () => rawGeneration(sequence, model, promptTokens, turn + 1);
      const [mine, bare] =
        turn % 2 === 0 || turn < 0 ? [await runOurs(), await runRaw()] : reversed(await runRaw(), await runOurs());
      if (mine.tokens !== bare.tokens) throw new Error(`turn ${turn}: ${mine.tokens} tokens vs ${bare.tokens} raw`);
      if (turn < 0) continue; // warm-up
      ours.push(mine.perSecond);
      raw.push(bare.perSecond);
      ratios.push(mine.perSecond / bare.perSecond);
      streamingRatios.push((await runOurs(() => {})).perSecond / bare.perSecond);
    }
  } finally {
    await context.dispose();
    await model.dispose();
    await llama.dispose();
    await provider.dispose();
    await tiny.cleanup();
  }
  return {
    median: round(median(ratios)),
    unit: 'ratio',
    ...atLeast(0.95),
    samples: ratios.map((ratio) => round(ratio)),
    oursTokensPerSecond: round(median(ours), 0),
    rawTokensPerSecond: round(median(raw), 0),
    /** The same with onTextDelta set: streaming detokenizes every token. */
    streamingRatio: round(median(streamingRatios)),
  };
}

function reversed<A, B>(second: B, first: A): [A, B] {
  return [first, second];
}

/**
 * The bare loop, keeping its sequence's KV cache across rounds exactly as the provider does (erase only the differing
 * tail). Same native work on both sides, so both sample the same tokens: a fresh evaluation of a prefix that the
 * other side reused can differ in the last bits and make the random streams diverge.
 */
async function rawGeneration(sequence: LlamaContextSequence, model: LlamaModel, prompt: Token[], seed: number) {
  const keep = Math.min(sequence.compareContextTokens(prompt).firstDifferentIndex, prompt.length - 1);
  if (keep < sequence.nextTokenIndex)
    await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
  const generated: Token[] = [];
  const startedAt = performance.now();
  let firstAt = startedAt;
  for await (const token of sequence.evaluate(prompt.slice(sequence.nextTokenIndex), {
    temperature: TEMPERATURE,
    seed,
  })) {
    if (generated.length === 0) firstAt = performance.now();
    generated.push(token);
    if (generated.length >= MAX_TOKENS) break;
  }
  model.detokenize(generated);
  const decodeMs = performance.now() - firstAt;
  return { tokens: generated.length, perSecond: ((generated.length - 1) * 1000) / decodeMs };
}

/**
 * Tokens evaluated on a second call that shares a ~1,000-token prefix with the first, ÷ its prompt length
 * (from the provider's measured usage record). Median over a few second calls with different new turns.
 */
async function kvReuseEvalRatio(): Promise<BenchmarkResult> {
  const tiny = await makeTinyModel();
  const provider = await createTinyProvider(tiny.path);
  const facts = Array.from({ length: 40 }, (_, index) => `Fact ${index}: the ferry leaves at dawn.`).join(' ');
  const system: LlmMessage = { role: 'system', content: `You narrate the river town. ${facts}` };
  const ratios: number[] = [];
  const prefixTokens = await provider.countTokens(system.content);
  try {
    for (let turn = 0; turn < 5; turn++) {
      const first = await provider.generateText({
        stage: 'narrator',
        messages: [system, { role: 'user', content: `Turn ${turn}.` }],
        seed: turn,
        maxTokens: 16,
      });
      const second = await provider.generateText({
        stage: 'narrator',
        messages: [
          system,
          { role: 'user', content: `Turn ${turn}.` },
          { role: 'assistant', content: first.text },
          { role: 'user', content: 'And then?' },
        ],
        seed: turn,
        maxTokens: 16,
      });
      ratios.push((second.usage.promptTokens - second.usage.cachedPromptTokens) / second.usage.promptTokens);
      await provider.generateText({
        stage: 'narrator',
        messages: [{ role: 'user', content: 'Something else entirely.' }],
        maxTokens: 1,
      });
    }
  } finally {
    await provider.dispose();
    await tiny.cleanup();
  }
  return {
    median: round(median(ratios), 4),
    unit: 'ratio',
    ...atMost(0.1),
    prefixTokens,
    samples: ratios.map((r) => round(r, 4)),
  };
}

export const benchmarks: Benchmark[] = [
  { key: 'llm.local.wrapper_speed_ratio', run: wrapperSpeedRatio },
  { key: 'llm.local.kv_reuse_eval_ratio', run: kvReuseEvalRatio },
];
