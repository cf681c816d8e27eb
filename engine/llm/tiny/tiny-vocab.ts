/**
 * The tiny model's byte-level SentencePiece vocabulary (tokenizer.ggml.model = "llama") and the per-token logit bias
 * that makes its random output end in a sensible number of tokens.
 */

export const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

export interface TinyToken {
  readonly text: string;
  readonly score: number;
  readonly type: number;
  /** Added to this token's logit through the constant embedding dimension (see tiny-llama.ts). */
  readonly bias: number;
}

export const UNK_ID = 0;
export const BOS_ID = 1;
export const EOS_ID = 2;
/** ChatML's end-of-turn; llama.cpp counts `<|im_end|>` as an end-of-generation token. */
export const IM_END_TEXT = '<|im_end|>';

const SINGLES = ['▁', ...'abcdefghijklmnopqrstuvwxyz', ...'0123456789', ...'{}":,[].!?\'-_()', ...'AISTY'];

// Every multi-character piece is the join of two shorter pieces, as SentencePiece merges require.
const FRAGMENTS = [
  ...['▁t', '▁a', '▁s', '▁w', '▁o', '▁i', '▁c', '▁b', '▁m', '▁f', '▁h', '▁d', '▁p'],
  ...[
    'th',
    'he',
    'in',
    'er',
    'an',
    're',
    'on',
    'at',
    'en',
    'nd',
    'ou',
    'or',
    'es',
    'ing',
    'ed',
    'is',
    'it',
    'ar',
    'al',
  ],
  ...['▁th', '▁the', '▁an', '▁and', '▁of', '▁to', '▁in', '▁is', '▁it', '▁wa', '▁was', '▁be', '▁he', '▁st'],
  ...['{"', '":', '",', '"}', '▁"', ',▁', '00', '10'],
];

/** Tokens that close a JSON value: biased up so grammar-constrained generation finishes in ~50–120 tokens. */
const CLOSER_BIAS: Readonly<Record<string, number>> = { '"': 2, '}': 2, ']': 2, '"}': 2, '",': 2, ',': 1.5, ',▁': 1.5 };
/**
 * node-llama-cpp's integer grammar admits an exponent ("5e-3", "9e99"), which zod then rejects; a lower "e" keeps that
 * rare (it still happens, which is what the validation + retry path is for). Digits a little lower keep numbers short.
 */
const NUMBER_BIAS: Readonly<Record<string, number>> = {
  e: -4,
  ...Object.fromEntries([...'0123456789', '00', '10'].map((digit) => [digit, -0.5])),
};
/** End of generation in free text: a per-token chance of a few percent, so replies run tens of tokens. */
const EOG_BIAS = -1;
/** Byte tokens exist for lossless tokenization; generating them is rarely useful. */
const BYTE_BIAS = -4;
/** Tokens a reply must never produce. */
const NEVER_BIAS = -12;

export function buildTinyVocabulary(): TinyToken[] {
  const tokens: TinyToken[] = [
    { text: '<unk>', score: 0, type: TOKEN_TYPE.unknown, bias: NEVER_BIAS },
    { text: '<s>', score: 0, type: TOKEN_TYPE.control, bias: NEVER_BIAS },
    { text: '</s>', score: 0, type: TOKEN_TYPE.control, bias: EOG_BIAS },
  ];
  for (let byte = 0; byte < 256; byte++) {
    const hex = byte.toString(16).toUpperCase().padStart(2, '0');
    tokens.push({ text: `<0x${hex}>`, score: 0, type: TOKEN_TYPE.byte, bias: BYTE_BIAS });
  }
  tokens.push({ text: '<|im_start|>', score: 0, type: TOKEN_TYPE.control, bias: NEVER_BIAS });
  tokens.push({ text: IM_END_TEXT, score: 0, type: TOKEN_TYPE.control, bias: EOG_BIAS });
  SINGLES.forEach((text, index) => {
    tokens.push({
      text,
      score: -1000 - index,
      type: TOKEN_TYPE.normal,
      bias: CLOSER_BIAS[text] ?? NUMBER_BIAS[text] ?? 0,
    });
  });
  FRAGMENTS.forEach((text, index) => {
    // Longer pieces score higher so "▁the" wins over "▁t" + "he" when SentencePiece picks merges.
    tokens.push({
      text,
      score: text.length * 10 - index * 0.01,
      type: TOKEN_TYPE.normal,
      bias: CLOSER_BIAS[text] ?? NUMBER_BIAS[text] ?? 0,
    });
  });
  return tokens;
}

/** A ChatML template (what llama.cpp and node-llama-cpp recognise as "chatML"). */
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}" +
  "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";
