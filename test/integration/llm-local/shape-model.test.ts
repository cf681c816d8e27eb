import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getLlama, LlamaLogLevel, readGgufFileInfo, type Llama } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider } from '../../../engine/llm/local/index.ts';
import type { LlamaShape, ShapeModelType } from '../../../engine/llm/tiny/index.ts';
import { writeBenchModel } from '../../support/bench-model.ts';

/**
 * The benchmark model's writer on a reduced shape (the real vocabulary, few small blocks): node-llama-cpp loads what it
 * writes, the Llama 3 tokenizer in it tokenizes as Llama 3 does, and the random weights compute finite logits.
 */
const SMALL_SHAPE: LlamaShape = {
  name: 'Llama 3.2 small test shape',
  sizeLabel: 'test',
  embedding: 256,
  blocks: 2,
  feedForward: 512,
  heads: 4,
  kvHeads: 2,
  headDim: 64,
};
const SENTENCE = 'Hello, world! The lantern swung over the quay.';
/** What Meta's Llama 3 tokenizer gives for SENTENCE. */
const SENTENCE_TOKENS = [9906, 11, 1917, 0, 578, 74265, 70955, 927, 279, 113767, 13];

describe('the benchmark model writer (a reduced Llama 3.2 shape)', () => {
  let folder: string;
  let llama: Llama;
  const files = new Map<ShapeModelType, string>();

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'storyloom-shape-'));
    for (const type of ['Q4_0', 'Q8_0'] as const) {
      const file = path.join(folder, `small-${type}.gguf`);
      await writeBenchModel(file, { shape: SMALL_SHAPE, type });
      files.set(type, file);
    }
    llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1, logLevel: LlamaLogLevel.error });
  });
  afterAll(async () => {
    await llama.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  const fileFor = (type: ShapeModelType): string => {
    const file = files.get(type);
    if (file === undefined) throw new Error(`no ${type} model was written`);
    return file;
  };

  it('writes the llama hyperparameters, the Llama 3 BPE tokenizer and the chat template', async () => {
    const info = await readGgufFileInfo(fileFor('Q4_0'), { readTensorInfo: true, logWarnings: false });
    expect(info.metadata.general?.architecture).toBe('llama');
    expect(info.metadata.general?.file_type).toBe(2);
    expect(info.architectureMetadata).toMatchObject({
      block_count: 2,
      context_length: 131072,
      embedding_length: 256,
      feed_forward_length: 512,
      attention: { head_count: 4, head_count_kv: 2 },
      rope: { freq_base: 500000, dimension_count: 64 },
    });
    const tokenizer = info.metadata.tokenizer?.ggml;
    expect(tokenizer?.model).toBe('gpt2');
    expect(tokenizer?.pre).toBe('llama-bpe');
    expect(tokenizer?.tokens).toHaveLength(128256);
    expect(tokenizer?.tokens?.[128009]).toBe('<|eot_id|>');
    expect(tokenizer?.tokens?.[128008]).toBe('<|eom_id|>');
    expect(tokenizer?.tokens?.[128255]).toBe('<|reserved_special_token_247|>');
    expect(tokenizer?.token_type?.[128000]).toBe(3);
    expect(tokenizer?.token_type?.[9906]).toBe(1);
    expect(tokenizer?.merges?.length).toBeGreaterThan(280_000);
    expect(info.metadata.tokenizer?.chat_template).toContain('<|start_header_id|>');
    const types = new Map(info.tensorInfo?.map((tensor) => [tensor.name, tensor.ggmlType]));
    expect(types.get('token_embd.weight')).toBe(14); // Q6_K, as llama-quantize leaves a tied embedding
    expect(types.get('blk.1.ffn_down.weight')).toBe(2);
    expect(types.get('blk.0.attn_norm.weight')).toBe(0);
    expect(types.get('rope_freqs.weight')).toBe(0);
    expect(types.has('output.weight')).toBe(false);
  });

  for (const type of ['Q4_0', 'Q8_0'] as const) {
    it(`loads in node-llama-cpp (${type}), tokenizes like Llama 3 and computes finite probabilities`, async () => {
      const model = await llama.loadModel({ modelPath: fileFor(type) });
      const context = await model.createContext({ contextSize: 512 });
      try {
        expect(model.tokenize(SENTENCE)).toEqual(SENTENCE_TOKENS);
        expect(model.detokenize(model.tokenize(SENTENCE))).toBe(SENTENCE);
        expect(model.tokens.bos).toBe(128000);
        expect(model.tokens.eos).toBe(128009);
        const sequence = context.getSequence();
        const confidences: number[] = [];
        const prompt = model.tokenize(SENTENCE.repeat(4));
        for await (const output of sequence.evaluateWithMetadata(prompt, { confidence: true }, { temperature: 0.7 })) {
          confidences.push(output.confidence);
          if (confidences.length >= 8) break;
        }
        expect(confidences).toHaveLength(8);
        for (const confidence of confidences) {
          expect(Number.isFinite(confidence)).toBe(true);
          expect(confidence).toBeGreaterThan(0);
        }
      } finally {
        await context.dispose();
        await model.dispose();
      }
    });
  }

  it("runs a stage through the local provider with the model's Llama 3 chat template, to the token cap", async () => {
    const provider = await createLocalProvider(
      { kind: 'local', modelPath: fileFor('Q4_0'), gpu: 'cpu', threads: 1 },
      { threads: 1, sequences: 1, contextSize: 1024 },
    );
    try {
      const result = await provider.generateText({
        stage: 'narrator',
        messages: [
          { role: 'system', content: 'You narrate Lantern Quay.' },
          { role: 'user', content: SENTENCE },
        ],
        maxTokens: 12,
        seed: 1,
      });
      // Random weights almost never pick <|eot_id|>: the cap ends the reply.
      expect(result.usage.generatedTokens).toBe(12);
      // The template wraps the messages in headers and a dated system block: far more tokens than the words.
      expect(result.usage.promptTokens).toBeGreaterThan(30);
      expect(await provider.countTokens(SENTENCE)).toBe(11);
    } finally {
      await provider.dispose();
    }
  });
});
