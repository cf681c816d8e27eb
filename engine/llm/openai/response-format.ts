import { BadRequestError } from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { toJsonSchema } from '../structured.ts';
import { LlmError, type LlmMessage } from '../types.ts';

export type ResponseFormat = NonNullable<ChatCompletionCreateParamsBase['response_format']>;
export type StructuredMode = 'json_schema' | 'json_object';

/** The `response_format` for one structured call; `strict` only when the schema fits OpenAI's strict subset. */
export function responseFormatFor(mode: StructuredMode, schema: z.ZodType, schemaName: string): ResponseFormat {
  if (mode === 'json_object') return { type: 'json_object' };
  const jsonSchema = toJsonSchema(schema);
  return {
    type: 'json_schema',
    json_schema: { name: schemaFormatName(schemaName), schema: jsonSchema, strict: isStrictCompatible(jsonSchema) },
  };
}

/** A 400 about the response format means the server does not do json_schema (older Ollama, LM Studio, many proxies). */
export function isJsonSchemaRejection(error: unknown): boolean {
  return error instanceof BadRequestError && /response_format|json_schema/iu.test(error.message);
}

/** Thrown instead of a plain provider error so an 'auto' provider can fall back to JSON mode. */
export class JsonSchemaRejectedError extends LlmError {}

/**
 * JSON mode alone does not tell the model the shape, and OpenAI refuses json_object unless the prompt says "JSON".
 * The instruction goes at the end of the last message so the cached prompt prefix stays untouched.
 */
export function withJsonInstruction(messages: readonly LlmMessage[], schema: z.ZodType): LlmMessage[] {
  const instruction = `Reply with only a JSON value that matches this JSON Schema:\n${JSON.stringify(toJsonSchema(schema))}`;
  const last = messages.at(-1);
  if (last?.role !== 'user') return [...messages, { role: 'user', content: instruction }];
  return [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${instruction}` }];
}

/** OpenAI requires names of [a-zA-Z0-9_-]{1,64}. */
function schemaFormatName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/gu, '_').slice(0, 64);
  return cleaned.length > 0 ? cleaned : 'output';
}

/** Strict mode needs every object closed and every property required; optional fields would make the server refuse. */
function isStrictCompatible(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isStrictCompatible);
  if (typeof node !== 'object' || node === null) return true;
  const record = node as Record<string, unknown>;
  if (record['type'] === 'object' || 'properties' in record) {
    const properties = record['properties'];
    const keys = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
    const required = Array.isArray(record['required']) ? record['required'] : [];
    if (record['additionalProperties'] !== false || keys.some((key) => !required.includes(key))) return false;
  }
  return Object.values(record).every(isStrictCompatible);
}
