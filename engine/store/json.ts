import { z } from 'zod';
import { EngineError } from '../api/index.ts';
import type { RngState } from '../platform/index.ts';
import type { JsonValue, PromptMessage } from './types.ts';

/** Serialises a value for a JSON column; refuses what JSON cannot hold instead of storing `undefined`. */
export function toJsonText(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new EngineError('invalid_params', `${what} is not JSON-serialisable`, undefined, { cause: error });
  }
  if (text === undefined) throw new EngineError('invalid_params', `${what} is not JSON-serialisable`);
  return text;
}

export function parseJson(text: string): JsonValue {
  // Columns are CHECKed with json_valid, so the text is JSON and JSON.parse returns a JsonValue by construction.
  const value: JsonValue = JSON.parse(text);
  return value;
}

const rngStateSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const promptSchema = z.array(z.object({ role: z.string(), content: z.string() }));

/** An RNG state column; a malformed one means the save was damaged outside Storyloom. */
export function parseRngState(text: string, savePath: string): RngState {
  const parsed = rngStateSchema.safeParse(parseJson(text));
  if (!parsed.success) throw new EngineError('save_corrupt', `Save ${savePath} holds a malformed RNG state: ${text}`);
  return parsed.data;
}

export function parsePrompt(text: string): readonly PromptMessage[] {
  const parsed = promptSchema.safeParse(parseJson(text));
  // A prompt is only shown in the debug panel: an unexpected shape is shown as one message rather than failing.
  return parsed.success ? parsed.data : [{ role: 'unknown', content: text }];
}
