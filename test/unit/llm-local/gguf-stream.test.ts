import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  blockScale,
  encodeGgufHeader,
  float16Bits,
  llama3RopeFactors,
  randomQuantizedChunks,
  RandomWords,
  writeGgufStream,
  type GgmlType,
  type GgufValue,
  type QuantizedType,
} from '../../../engine/llm/tiny/index.ts';

const TYPE_NAMES = new Map<number, GgmlType>([
  [0, 'F32'],
  [2, 'Q4_0'],
  [14, 'Q6_K'],
]);

function toInfo(tensor: { name: string; dimensions: readonly (number | bigint)[]; ggmlType: number }) {
  const type = TYPE_NAMES.get(tensor.ggmlType);
  if (type === undefined) throw new Error(`unexpected type ${tensor.ggmlType}`);
  return { name: tensor.name, dims: tensor.dimensions.map(Number), type };
}

function allChunks(type: QuantizedType, weights: number, seed: number): Buffer {
  return Buffer.concat(
    [...randomQuantizedChunks(type, weights, new RandomWords(seed), 0.02)].map((c) => Buffer.from(c)),
  );
}

function scaleBytes(type: QuantizedType): [number, number] {
  const bits = float16Bits(blockScale(type, 0.02));
  return [bits & 0xff, bits >>> 8];
}

describe('float16Bits', () => {
  it('encodes normal, subnormal and rounded values as IEEE half precision', () => {
    expect(float16Bits(1)).toBe(0x3c00);
    expect(float16Bits(-2)).toBe(0xc000);
    expect(float16Bits(0.5)).toBe(0x3800);
    expect(float16Bits(65504)).toBe(0x7bff);
    expect(float16Bits(2 ** -14)).toBe(0x0400); // smallest normal
    expect(float16Bits(2 ** -24)).toBe(0x0001); // smallest subnormal
    expect(float16Bits(0)).toBe(0);
    expect(float16Bits(1 + 2 ** -11 + 2 ** -20)).toBe(0x3c01); // rounds up past the halfway point
  });

  it('refuses a value a half cannot hold', () => {
    expect(() => float16Bits(70000)).toThrow(/does not fit in a float16/u);
  });
});

describe('random quantized blocks', () => {
  it('lays out Q4_0 as 18-byte blocks of 32 weights, each starting with the same f16 scale', () => {
    const bytes = allChunks('Q4_0', 32 * 5, 3);
    expect(bytes.length).toBe(18 * 5);
    for (let block = 0; block < 5; block++)
      expect([bytes[block * 18], bytes[block * 18 + 1]]).toEqual(scaleBytes('Q4_0'));
    // The 16 nibble bytes are random: across five blocks they are not all one value.
    expect(new Set(bytes.subarray(2, 18)).size).toBeGreaterThan(4);
  });

  it('lays out Q8_0 as 34-byte blocks of 32 int8 weights after an f16 scale', () => {
    const bytes = allChunks('Q8_0', 64, 3);
    expect(bytes.length).toBe(68);
    expect([bytes[34], bytes[35]]).toEqual(scaleBytes('Q8_0'));
  });

  it('lays out Q6_K as 210-byte blocks: 192 value bytes, 16 int8 sub-block scales, then the f16 scale', () => {
    const bytes = allChunks('Q6_K', 512, 3);
    expect(bytes.length).toBe(420);
    const second = bytes.subarray(210);
    expect([...second.subarray(192, 208)]).toEqual(new Array(16).fill(8));
    expect([second[208], second[209]]).toEqual(scaleBytes('Q6_K'));
  });

  it('gives the weights the asked standard deviation through the scale', () => {
    // Q4_0: nibble − 8 with nibbles uniform in 0…15 has a standard deviation of √(255/12) ≈ 4.61.
    expect(blockScale('Q4_0', 0.02) * Math.sqrt(255 / 12)).toBeCloseTo(0.02, 10);
    expect(blockScale('Q8_0', 0.02) * Math.sqrt(65535 / 12)).toBeCloseTo(0.02, 10);
  });

  it('writes the same bytes for the same seed and other bytes for another seed', () => {
    const weights = 32 * 200_000; // more than one chunk
    expect(Buffer.compare(allChunks('Q4_0', weights, 9), allChunks('Q4_0', weights, 9))).toBe(0);
    expect(Buffer.compare(allChunks('Q4_0', weights, 9), allChunks('Q4_0', weights, 10))).not.toBe(0);
  });

  it('rejects a weight count that does not fill whole blocks', () => {
    expect(() => allChunks('Q4_0', 40, 1)).toThrow(/40 weights do not fill whole Q4_0 blocks/u);
  });
});

describe('llama3RopeFactors', () => {
  it('keeps high frequencies, divides low ones by the scaling factor and smooths between', () => {
    const factors = [...llama3RopeFactors(64)];
    expect(factors).toHaveLength(32);
    expect(factors[0]).toBe(1);
    expect(factors.at(-1)).toBe(32);
    const between = factors.filter((factor) => factor > 1 && factor < 32);
    expect(between.length).toBeGreaterThan(0);
    expect([...factors].sort((a, b) => a - b)).toEqual(factors); // non-decreasing with the wavelength
  });
});

describe('writeGgufStream', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'storyloom-gguf-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const metadata = new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'stream test' }],
    ['test.sizes', { type: 'array', itemType: 'uint32', values: [1, 2, 3] }],
  ]);

  it('streams quantized and F32 tensors at aligned offsets, with the types and metadata in the header', async () => {
    const file = path.join(folder, 'model.gguf');
    const norm = new Float32Array([1, 2, 3, 4, 5]);
    const size = await writeGgufStream(file, {
      metadata,
      tensors: [
        { name: 'norm', dims: [5], type: 'F32', chunks: () => [new Uint8Array(norm.buffer)] },
        {
          name: 'w',
          dims: [64, 3],
          type: 'Q4_0',
          chunks: () => randomQuantizedChunks('Q4_0', 64 * 3, new RandomWords(1), 0.02),
        },
        {
          name: 'e',
          dims: [256, 2],
          type: 'Q6_K',
          chunks: () => randomQuantizedChunks('Q6_K', 512, new RandomWords(2), 0.02),
        },
      ],
    });
    const info = await readGgufFileInfo(file, { readTensorInfo: true, logWarnings: false });
    expect(info.metadata.general?.name).toBe('stream test');
    expect(info.metadata).toMatchObject({ test: { sizes: [1, 2, 3] } });
    const tensors = info.tensorInfo ?? [];
    expect(tensors.map((tensor) => [tensor.name, tensor.ggmlType, tensor.dimensions.map(Number)])).toEqual([
      ['norm', 0, [5]],
      ['w', 2, [64, 3]],
      ['e', 14, [256, 2]],
    ]);
    // Each tensor starts at a 32-byte boundary after the previous one: 20 → 32, 32 + 6 × 18 = 140 → 160.
    expect(tensors.map((tensor) => Number(tensor.offset))).toEqual([0, 32, 160]);
    const bytes = await readFile(file);
    expect(bytes.length).toBe(size);
    const dataStart = encodeGgufHeader(metadata, tensors.map(toInfo)).bytes.length;
    expect(size).toBe(dataStart + 608); // the last tensor is padded too: 160 + 420 → 608
    expect(new Float32Array(bytes.buffer.slice(dataStart, dataStart + 20))).toEqual(norm);
    expect(bytes.subarray(dataStart + 32, dataStart + 32 + 108)).toEqual(Buffer.from(allChunks('Q4_0', 64 * 3, 1)));
  });

  it('fails on a tensor with the wrong amount of data, leaving no file behind', async () => {
    const file = path.join(folder, 'short.gguf');
    const written = writeGgufStream(file, {
      metadata,
      tensors: [{ name: 'w', dims: [32, 2], type: 'Q8_0', chunks: () => [new Uint8Array(34)] }],
    });
    await expect(written).rejects.toThrow(/tensor w: 34 bytes of data, expected 68/u);
    expect(await readdir(folder)).toEqual([]);
  });

  it('refuses a quantized row that does not split into whole blocks', async () => {
    const file = path.join(folder, 'odd.gguf');
    const written = writeGgufStream(file, {
      metadata,
      tensors: [{ name: 'w', dims: [48, 2], type: 'Q4_0', chunks: () => [] }],
    });
    await expect(written).rejects.toThrow(/tensor w: a Q4_0 row needs a multiple of 32 values, got 48/u);
  });
});
