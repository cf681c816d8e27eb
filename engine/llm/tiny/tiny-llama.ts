import { writeFile } from 'node:fs/promises';
import { encodeGguf, type GgufTensor, type GgufValue } from './gguf-writer.ts';
import { createSeededRandom, type SeededRandom } from './prng.ts';
import { BOS_ID, buildTinyVocabulary, EOS_ID, TINY_CHAT_TEMPLATE, UNK_ID } from './tiny-vocab.ts';

/** Shape of the tiny model: small enough to load in milliseconds and generate thousands of tokens per second. */
export const TINY_HYPERPARAMETERS = {
  // Long enough for real stage prompts: its byte-level vocabulary spends about one token per character.
  contextLength: 32768,
  embedding: 64,
  blocks: 2,
  feedForward: 128,
  heads: 4,
  kvHeads: 4,
} as const;

export interface TinyModelOptions {
  readonly seed: number;
  /** general.name; defaults to "storyloom-tiny". */
  readonly name?: string;
}

/** Writes a valid GGUF v3 `llama` model with seeded random F32 weights. Same seed, same bytes. */
export async function writeTinyLlamaGguf(path: string, options: TinyModelOptions): Promise<void> {
  await writeFile(path, buildTinyLlamaGguf(options));
}

export function buildTinyLlamaGguf(options: TinyModelOptions): Buffer {
  const vocabulary = buildTinyVocabulary();
  const random = createSeededRandom(options.seed);
  const { contextLength, embedding, blocks, feedForward, heads, kvHeads } = TINY_HYPERPARAMETERS;
  const headDim = embedding / heads;

  const u32 = (value: number): GgufValue => ({ type: 'uint32', value });
  const metadata = new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: options.name ?? 'storyloom-tiny' }],
    ['general.alignment', u32(32)],
    ['general.file_type', u32(0)], // ALL_F32
    ['llama.context_length', u32(contextLength)],
    ['llama.embedding_length', u32(embedding)],
    ['llama.block_count', u32(blocks)],
    ['llama.feed_forward_length', u32(feedForward)],
    ['llama.attention.head_count', u32(heads)],
    ['llama.attention.head_count_kv', u32(kvHeads)],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.rope.dimension_count', u32(headDim)],
    ['llama.vocab_size', u32(vocabulary.length)],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'array', itemType: 'string', values: vocabulary.map((token) => token.text) }],
    ['tokenizer.ggml.scores', { type: 'array', itemType: 'float32', values: vocabulary.map((token) => token.score) }],
    ['tokenizer.ggml.token_type', { type: 'array', itemType: 'int32', values: vocabulary.map((token) => token.type) }],
    ['tokenizer.ggml.bos_token_id', u32(BOS_ID)],
    ['tokenizer.ggml.eos_token_id', u32(EOS_ID)],
    ['tokenizer.ggml.unknown_token_id', u32(UNK_ID)],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: TINY_CHAT_TEMPLATE }],
  ]);

  const tensors: GgufTensor[] = [];
  const matrix = (name: string, inputs: number, outputs: number, std: number): void => {
    tensors.push({ name, dims: [inputs, outputs], data: fill(inputs * outputs, () => random.normal(std)) });
  };
  // Projections back into the residual stream: small, and never writing to dimension 0 (kept at exactly 1.0).
  const residualWrite = (name: string, inputs: number, std: number): void => {
    tensors.push({
      name,
      dims: [inputs, embedding],
      data: fill(inputs * embedding, (index) => (index < inputs ? 0 : random.normal(std))),
    });
  };
  const ones = (name: string, size: number): void => {
    tensors.push({ name, dims: [size], data: new Float32Array(size).fill(1) });
  };

  // Dimension 0 of every embedding is 1.0, so it survives to the output and column 0 of output.weight is a per-token bias.
  const embeddings = fill(vocabulary.length * embedding, (index) => (index % embedding === 0 ? 1 : random.normal(0.5)));
  tensors.push({ name: 'token_embd.weight', dims: [embedding, vocabulary.length], data: embeddings });
  for (let block = 0; block < blocks; block++) {
    const prefix = `blk.${block}`;
    ones(`${prefix}.attn_norm.weight`, embedding);
    matrix(`${prefix}.attn_q.weight`, embedding, embedding, 0.2);
    matrix(`${prefix}.attn_k.weight`, embedding, kvHeads * headDim, 0.2);
    matrix(`${prefix}.attn_v.weight`, embedding, kvHeads * headDim, 0.2);
    // Small output projections keep the residual stream close to the embedding, so the bias dimension stays readable.
    residualWrite(`${prefix}.attn_output.weight`, embedding, 0.02);
    ones(`${prefix}.ffn_norm.weight`, embedding);
    matrix(`${prefix}.ffn_gate.weight`, embedding, feedForward, 0.2);
    matrix(`${prefix}.ffn_up.weight`, embedding, feedForward, 0.1);
    residualWrite(`${prefix}.ffn_down.weight`, feedForward, 0.02);
  }
  // After the final RMS norm dimension 0 is about 1/rms ≈ 2; scaling its norm weight by 0.5 makes it ≈ 1.
  const outputNorm = new Float32Array(embedding).fill(1);
  outputNorm[0] = 0.5;
  tensors.push({ name: 'output_norm.weight', dims: [embedding], data: outputNorm });
  tensors.push({
    name: 'output.weight',
    dims: [embedding, vocabulary.length],
    data: outputWeights(vocabulary, embedding, random),
  });

  return encodeGguf({ metadata, tensors, alignment: 32 });
}

function outputWeights(vocabulary: readonly { bias: number }[], embedding: number, random: SeededRandom): Float32Array {
  const data = new Float32Array(vocabulary.length * embedding);
  vocabulary.forEach((token, row) => {
    data[row * embedding] = token.bias;
    for (let column = 1; column < embedding; column++) data[row * embedding + column] = random.normal(0.15);
  });
  return data;
}

function fill(size: number, value: (index: number) => number): Float32Array {
  const data = new Float32Array(size);
  for (let index = 0; index < size; index++) data[index] = value(index);
  return data;
}
