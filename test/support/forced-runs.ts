import type { z } from 'zod';
import { toJsonSchema } from '../../engine/llm/structured.ts';
import { toGbnfJsonSchema } from '../../engine/llm/local/index.ts';
import { forcedJson, JsonReplyReader } from '../../engine/llm/local/forced-json.ts';

/**
 * How a scripted JSON reply would come out of a model held to its schema's grammar by the local provider: the opening
 * put in the prompt, then stretches the model samples, each followed by the run the grammar forces after it (handed to
 * the model in one batch). The benchmark's replay generates JSON replies as free text and forces the same runs, so
 * its compute costs what the grammar-bound call would.
 */
export interface ReplyShape {
  /** The opening as the local provider derives it (the call's own, or what its schema holds for every reply). */
  readonly opening: string;
  /** The part of the scripted text the opening stands for; '' when the reply does not start so (no opening then). */
  readonly openedText: string;
  /** After the opening: the sampled stretches, each with the forced run that follows it ('' for the last). */
  readonly segments: readonly { readonly sampled: string; readonly forced: string }[];
}

/** A free-text reply, or a JSON one read against its schema (`replyOpening` as the call gives it). */
export function replyShape(text: string, schema: z.ZodType | undefined, replyOpening: string | undefined): ReplyShape {
  const grammarSchema = schema === undefined ? undefined : toGbnfJsonSchema(toJsonSchema(schema));
  const opening = replyOpening ?? (grammarSchema === undefined ? '' : forcedJson(grammarSchema, ''));
  const openedEnd = opening === '' ? 0 : matchLoosely(text, 0, opening);
  if (openedEnd < 0 || grammarSchema === undefined)
    return { opening: openedEnd < 0 ? '' : opening, openedText: '', segments: [{ sampled: text, forced: '' }] };
  const reader = new JsonReplyReader(grammarSchema);
  reader.feed(opening);
  const segments: { sampled: string; forced: string }[] = [];
  let sampled = '';
  let at = openedEnd;
  while (at < text.length && !reader.whole()) {
    const char = text.charAt(at);
    reader.feed(char);
    sampled += char;
    at++;
    const forced = reader.forced();
    // A script whose reply leaves the grammar's path (another key order, say) is sampled from there on.
    const end = forced === '' ? -1 : matchLoosely(text, at, forced);
    if (end < 0) continue;
    segments.push({ sampled, forced });
    reader.feed(forced);
    sampled = '';
    at = end;
  }
  segments.push({ sampled: sampled + text.slice(at), forced: '' });
  return { opening, openedText: text.slice(0, openedEnd), segments };
}

/**
 * Where `expected` ends in `text` read from `at`, both taken as JSON tokens (the whitespace between them aside); -1
 * when the text does not go on so.
 */
function matchLoosely(text: string, at: number, expected: string): number {
  let end = at;
  for (const part of expected.split(/\s+/u).filter((piece) => piece !== '')) {
    while (/\s/u.test(text.charAt(end))) end++;
    if (!text.startsWith(part, end)) return -1;
    end += part.length;
  }
  return end;
}
