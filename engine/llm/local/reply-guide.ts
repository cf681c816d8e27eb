import type { GbnfJsonSchema } from 'node-llama-cpp';
import { JsonReplyReader } from './forced-json.ts';

/**
 * What a reply is held to as it grows: the text that must follow before the model has a choice again, and when the
 * reply is done. The generation loop hands forced text to the model in one batch with the token sampled before it,
 * instead of sampling it a token at a time: on a CPU every sampled token is a whole decode step.
 */
export interface ReplyGuide {
  /** The reply (its opening aside) grew by `text`: sampled or forced. */
  feed(text: string): void;
  /** After `sampled` tokens the model chose: the text that must follow now, '' for none. */
  forced(sampled: number): string;
  /** The reply is whole: generation ends without another decode step. */
  whole(): boolean;
}

/** A JSON reply under its schema's grammar, after the opening the prompt already holds. */
export function jsonReplyGuide(schema: GbnfJsonSchema, opening: string): ReplyGuide {
  const reader = new JsonReplyReader(schema);
  reader.feed(opening);
  return {
    feed: (text) => reader.feed(text),
    forced: () => reader.forced(),
    whole: () => reader.whole(),
  };
}

/**
 * Forced text the caller knows in advance, by how many tokens the model has chosen (LlmRequest.forcedText): the
 * benchmark's replay forces what the grammar would on a reply it generates as free text.
 */
export function scheduledReplyGuide(forcedText: (sampled: number) => string): ReplyGuide {
  return { feed: () => undefined, forced: forcedText, whole: () => false };
}
