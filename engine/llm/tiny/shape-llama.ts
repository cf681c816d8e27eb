import { writeGgufStream, type StreamedTensor } from './gguf-stream.ts';
import type { GgufValue } from './gguf-writer.ts';
import { LLAMA3_VOCAB_SIZE } from './llama3-tokenizer.ts';
import { float32Chunk, randomQuantizedChunks, RandomWords, type QuantizedType } from './random-blocks.ts';

/**
 * A random-weight `llama` model with the exact shape of a real one (Llama 3.2 1B or 3B), for benchmarks: the compute
 * of a transformer does not depend on its weights, so it costs on a CPU what the real model costs. Written as a
 * stream, tensor by tensor, in bounded memory.
 */

export interface LlamaShape {
  readonly name: string;
  readonly sizeLabel: string;
  readonly embedding: number;
  readonly blocks: number;
  readonly feedForward: number;
  readonly heads: number;
  readonly kvHeads: number;
  readonly headDim: number;
}

/** From Meta's config.json of each model. Both tie the output projection to the token embedding. */
export const LLAMA_SHAPES = {
  '1b': {
    name: 'Llama 3.2 1B Instruct',
    sizeLabel: '1B',
    embedding: 2048,
    blocks: 16,
    feedForward: 8192,
    heads: 32,
    kvHeads: 8,
    headDim: 64,
  },
  '3b': {
    name: 'Llama 3.2 3B Instruct',
    sizeLabel: '3B',
    embedding: 3072,
    blocks: 28,
    feedForward: 8192,
    heads: 24,
    kvHeads: 8,
    headDim: 128,
  },
} as const satisfies Record<string, LlamaShape>;

export type ShapeModelType = 'Q4_0' | 'Q8_0';

/** general.file_type: LLAMA_FTYPE_MOSTLY_Q4_0 / _Q8_0. */
const FILE_TYPES = { Q4_0: 2, Q8_0: 7 } as const satisfies Record<ShapeModelType, number>;
const CONTEXT_LENGTH = 131_072;
const ROPE_BASE = 500_000;
/** Llama 3.1's rope scaling (config.json rope_scaling), baked into the rope_freqs tensor as convert_hf_to_gguf does. */
const ROPE_SCALING = { factor: 32, lowFreqFactor: 1, highFreqFactor: 4, originalContext: 8192 } as const;
/** Standard deviation of every weight, like a freshly initialised model: activations stay finite through the blocks. */
const WEIGHT_STD = 0.02;

export interface ShapeModelOptions {
  readonly shape: LlamaShape;
  readonly type: ShapeModelType;
  readonly seed: number;
  /** tokenizer.* metadata (see readLlama3Tokenizer); its vocabulary must be the Llama 3 one. */
  readonly tokenizer: ReadonlyMap<string, GgufValue>;
  readonly chatTemplate: string;
}

/** Writes the model to `path` (via a `.partial` file); returns its size in bytes. */
export function writeShapeLlamaGguf(path: string, options: ShapeModelOptions): Promise<number> {
  const { shape, type } = options;
  const random = new RandomWords(options.seed);
  const weights = (name: string, dims: readonly [number, number], tensorType: QuantizedType): StreamedTensor => ({
    name,
    dims,
    type: tensorType,
    chunks: () => randomQuantizedChunks(tensorType, dims[0] * dims[1], random, WEIGHT_STD),
  });
  const constant = (name: string, values: Float32Array): StreamedTensor => ({
    name,
    dims: [values.length],
    type: 'F32',
    chunks: () => [float32Chunk(values)],
  });
  const { embedding, feedForward, headDim } = shape;
  const queryDim = shape.heads * headDim;
  const kvDim = shape.kvHeads * headDim;
  const norm = new Float32Array(embedding).fill(1);

  // llama-quantize gives a tied token embedding (it is also the output projection) Q6_K, unless the model is Q8_0.
  const tensors: StreamedTensor[] = [
    weights('token_embd.weight', [embedding, LLAMA3_VOCAB_SIZE], type === 'Q8_0' ? 'Q8_0' : 'Q6_K'),
    constant('rope_freqs.weight', llama3RopeFactors(headDim)),
    constant('output_norm.weight', norm),
  ];
  for (let block = 0; block < shape.blocks; block++) {
    const prefix = `blk.${block}`;
    tensors.push(
      constant(`${prefix}.attn_norm.weight`, norm),
      weights(`${prefix}.attn_q.weight`, [embedding, queryDim], type),
      weights(`${prefix}.attn_k.weight`, [embedding, kvDim], type),
      weights(`${prefix}.attn_v.weight`, [embedding, kvDim], type),
      weights(`${prefix}.attn_output.weight`, [queryDim, embedding], type),
      constant(`${prefix}.ffn_norm.weight`, norm),
      weights(`${prefix}.ffn_gate.weight`, [embedding, feedForward], type),
      weights(`${prefix}.ffn_up.weight`, [embedding, feedForward], type),
      weights(`${prefix}.ffn_down.weight`, [feedForward, embedding], type),
    );
  }
  return writeGgufStream(path, { metadata: shapeMetadata(options), tensors });
}

function shapeMetadata({ shape, type, tokenizer, chatTemplate }: ShapeModelOptions): Map<string, GgufValue> {
  const u32 = (value: number): GgufValue => ({ type: 'uint32', value });
  const text = (value: string): GgufValue => ({ type: 'string', value });
  return new Map<string, GgufValue>([
    ['general.architecture', text('llama')],
    ['general.type', text('model')],
    ['general.name', text(`${shape.name} (random-weight shape replica)`)],
    ['general.finetune', text('Instruct')],
    ['general.basename', text('Llama-3.2')],
    ['general.size_label', text(shape.sizeLabel)],
    ['general.file_type', u32(FILE_TYPES[type])],
    ['general.quantization_version', u32(2)],
    ['llama.block_count', u32(shape.blocks)],
    ['llama.context_length', u32(CONTEXT_LENGTH)],
    ['llama.embedding_length', u32(shape.embedding)],
    ['llama.feed_forward_length', u32(shape.feedForward)],
    ['llama.attention.head_count', u32(shape.heads)],
    ['llama.attention.head_count_kv', u32(shape.kvHeads)],
    ['llama.rope.freq_base', { type: 'float32', value: ROPE_BASE }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.attention.key_length', u32(shape.headDim)],
    ['llama.attention.value_length', u32(shape.headDim)],
    ['llama.vocab_size', u32(LLAMA3_VOCAB_SIZE)],
    ['llama.rope.dimension_count', u32(shape.headDim)],
    ...tokenizer,
    ['tokenizer.chat_template', text(chatTemplate)],
  ]);
}

/** Per-frequency rope divisors for Llama 3.1+ long context (convert_hf_to_gguf.py, LlamaModel). */
export function llama3RopeFactors(headDim: number): Float32Array {
  const { factor, lowFreqFactor, highFreqFactor, originalContext } = ROPE_SCALING;
  const lowWavelength = originalContext / lowFreqFactor;
  const highWavelength = originalContext / highFreqFactor;
  const factors = new Float32Array(headDim / 2);
  for (let index = 0; index < factors.length; index++) {
    const frequency = 1 / ROPE_BASE ** ((2 * index) / headDim);
    const wavelength = (2 * Math.PI) / frequency;
    if (wavelength < highWavelength) factors[index] = 1;
    else if (wavelength > lowWavelength) factors[index] = factor;
    else {
      const smooth = (originalContext / wavelength - lowFreqFactor) / (highFreqFactor - lowFreqFactor);
      factors[index] = 1 / ((1 - smooth) / factor + smooth);
    }
  }
  return factors;
}
