import { float16Bits, GGML_TYPES } from './ggml-types.ts';
import { createSeededRandom } from './prng.ts';

/**
 * Random quantized weights written straight as ggml blocks: random value bytes under one small fixed scale. The
 * compute of a matrix product does not depend on the values, so such a tensor costs exactly what a real one costs,
 * and writing it needs no floating-point work at all.
 */
export type QuantizedType = 'Q4_0' | 'Q8_0' | 'Q6_K';

/** A uniform 4-bit / 8-bit / 6-bit value has this standard deviation (√((levels² − 1) / 12)). */
const UNIFORM_STD = { Q4_0: Math.sqrt(255 / 12), Q8_0: Math.sqrt(65535 / 12), Q6_K: Math.sqrt(4095 / 12) } as const;
/** Q6_K's 16 int8 sub-block scales, all the same. */
const Q6_K_SUB_SCALE = 8;
/** Bytes per chunk handed to the file writer: big enough for fast writes, small enough to never matter in memory. */
const CHUNK_BYTES = 1 << 22;

/** Marsaglia's xorshift128 over 32-bit words, seeded through mulberry32: about a nanosecond per word in V8. */
export class RandomWords {
  private x: number;
  private y: number;
  private z: number;
  private w: number;

  constructor(seed: number) {
    const seeder = createSeededRandom(seed);
    const word = (): number => Math.floor(seeder.next() * 4294967296) >>> 0;
    this.x = word() | 1; // an all-zero state would stay zero
    this.y = word();
    this.z = word();
    this.w = word();
  }

  fill(words: Uint32Array, count = words.length): void {
    let { x, y, z, w } = this;
    for (let index = 0; index < count; index++) {
      const t = x ^ (x << 11);
      x = y;
      y = z;
      z = w;
      w = (w ^ (w >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
      words[index] = w;
    }
    this.x = x;
    this.y = y;
    this.z = z;
    this.w = w;
  }
}

/** The f16 block scale that gives weights of uniform random values the standard deviation `std`. */
export function blockScale(type: QuantizedType, std: number): number {
  return std / (UNIFORM_STD[type] * (type === 'Q6_K' ? Q6_K_SUB_SCALE : 1));
}

/** `weights` random weights of `type` as ggml blocks, in chunks of at most a few MB (the same buffer, refilled). */
export function* randomQuantizedChunks(
  type: QuantizedType,
  weights: number,
  random: RandomWords,
  std: number,
): Generator<Uint8Array> {
  const { blockWeights, blockBytes } = GGML_TYPES[type];
  if (weights % blockWeights !== 0) throw new Error(`${weights} weights do not fill whole ${type} blocks`);
  const scale = float16Bits(blockScale(type, std));
  const perChunk = Math.max(1, Math.floor(CHUNK_BYTES / blockBytes));
  const buffer = new Uint8Array(Math.ceil((perChunk * blockBytes) / 4) * 4);
  const words = new Uint32Array(buffer.buffer);
  for (let left = weights / blockWeights; left > 0;) {
    const blocks = Math.min(perChunk, left);
    random.fill(words, Math.ceil((blocks * blockBytes) / 4));
    for (let block = 0; block < blocks; block++) stampScales(buffer, block * blockBytes, type, scale);
    left -= blocks;
    yield buffer.subarray(0, blocks * blockBytes);
  }
}

/** Writes one block's fixed scale(s) over the random bytes. */
function stampScales(buffer: Uint8Array, at: number, type: QuantizedType, scale: number): void {
  if (type === 'Q6_K') {
    buffer.fill(Q6_K_SUB_SCALE, at + 192, at + 208);
    at += 208;
  }
  buffer[at] = scale & 0xff;
  buffer[at + 1] = scale >>> 8;
}

/** F32 values as one chunk of little-endian bytes (every platform Node supports for this app is little-endian). */
export function float32Chunk(values: Float32Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}
