import { z } from 'zod';
import type { StageKind } from '../api/index.ts';
import { LlmError, type LlmMessage } from './types.ts';
import { errorMessage } from '../api/index.ts';

/** The JSON Schema of a zod schema, as sent to servers and grammar builders (draft-07, no `$schema` key). */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
  });
  return rest;
}

/**
 * Extracts a JSON value from a model's reply (tolerating code fences and prose around one object), then validates it.
 * Throws LlmError('invalid_output') saying what was wrong, so the stage error and the repair prompt can show it.
 */
export function parseStructuredOutput<T>(text: string, schema: z.ZodType<T>, stage: StageKind): T {
  const json = extractJson(text);
  if (json === undefined) throw new LlmError('invalid_output', `the reply is not JSON: ${preview(text)}`, stage);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    const reason = errorMessage(error);
    throw new LlmError('invalid_output', `the reply is not valid JSON (${reason}): ${preview(text)}`, stage);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new LlmError(
      'invalid_output',
      `the reply does not match the schema: ${z.prettifyError(result.error)}`,
      stage,
    );
  }
  return result.data;
}

/** The conversation for one repair retry: the bad reply and what was wrong with it. */
export function repairMessages(messages: readonly LlmMessage[], badReply: string, problem: string): LlmMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: badReply },
    {
      role: 'user',
      content: `That reply could not be used: ${problem}\nReply again with only the corrected JSON value, nothing else.`,
    },
  ];
}

function extractJson(text: string): string | undefined {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/u.exec(trimmed);
  const body = fenced?.[1] ?? trimmed;
  if (body.startsWith('{') || body.startsWith('[')) return body;
  const start = body.search(/[{[]/u);
  if (start < 0) return undefined;
  const closer = body[start] === '{' ? '}' : ']';
  const end = body.lastIndexOf(closer);
  return end > start ? body.slice(start, end + 1) : undefined;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat || '(empty)';
}
