import { readFile } from 'node:fs/promises';
import { getLlama, readGgufFileInfo } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyLlamaGguf, encodeGguf } from '../../../engine/llm/tiny/index.ts';
import { makeTinyModel, type TinyModel } from '../../support/tiny-model.ts';

describe('the tiny GGUF writer', () => {
  let tiny: TinyModel;
  beforeAll(async () => {
    tiny = await makeTinyModel(7);
  });
  afterAll(() => tiny.cleanup());

  it('writes the same bytes for the same seed, and different weights for another seed', async () => {
    const written = await readFile(tiny.path);
    expect(Buffer.compare(written, buildTinyLlamaGguf({ seed: 7 }))).toBe(0);
    expect(Buffer.compare(written, buildTinyLlamaGguf({ seed: 8 }))).not.toBe(0);
    expect(written.length).toBe(buildTinyLlamaGguf({ seed: 8 }).length);
  });

  it('writes a GGUF v3 llama model with a byte-level SentencePiece vocabulary and a chat template', async () => {
    const info = await readGgufFileInfo(tiny.path, { readTensorInfo: true, logWarnings: false });
    expect(info.version).toBe(3);
    expect(info.metadata.general?.architecture).toBe('llama');
    expect(info.metadata.general?.alignment).toBe(32);
    const tokenizer = info.metadata.tokenizer?.ggml;
    expect(tokenizer?.model).toBe('llama');
    const tokens = tokenizer?.tokens ?? [];
    expect(tokens.slice(0, 3)).toEqual(['<unk>', '<s>', '</s>']);
    expect(tokens).toContain('<0x00>');
    expect(tokens).toContain('<0xFF>');
    expect(tokens.length).toBeGreaterThan(360);
    expect(tokenizer?.token_type?.[3]).toBe(6); // byte tokens
    expect(info.metadata.tokenizer?.chat_template).toContain('<|im_start|>');
    expect(info.architectureMetadata.block_count).toBe(2);
    expect(info.tensorInfo?.map((tensor) => tensor.name)).toContain('blk.1.ffn_down.weight');
  });

  it('loads in node-llama-cpp in milliseconds and tokenizes round-trip', async () => {
    const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 });
    const startedAt = performance.now();
    const model = await llama.loadModel({ modelPath: tiny.path });
    const loadMs = performance.now() - startedAt;
    try {
      expect(loadMs).toBeLessThan(500);
      expect(model.tokens.bos).toBe(1);
      expect(model.tokens.eos).toBe(2);
      const text = 'The hero said: {"mood": "calm"} — naïve!';
      expect(model.detokenize(model.tokenize(text))).toBe(text);
    } finally {
      await model.dispose();
      await llama.dispose();
    }
  });

  it('rejects a tensor whose data does not match its dimensions', () => {
    const tensors = [{ name: 'x', dims: [2, 3], data: new Float32Array(5) }];
    expect(() => encodeGguf({ metadata: new Map(), tensors })).toThrow(/need 6 values, got 5/u);
  });
});
