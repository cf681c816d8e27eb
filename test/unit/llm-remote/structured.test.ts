import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmError } from '../../../engine/llm/types.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../support/fake-openai-server.ts';
import { failureOf, openAiProvider } from './helpers.ts';

const intent = z.object({ thought: z.string(), intention: z.string() });
const request = {
  stage: 'npc_intent',
  principal: 'mira',
  schema: intent,
  schemaName: 'npc intent',
  messages: [
    { role: 'system', content: 'You decide what Mira does.' },
    { role: 'user', content: 'The stranger enters.' },
  ],
} as const;
const valid = JSON.stringify({ thought: 'Who is this?', intention: 'Greet the stranger' });

let server: FakeOpenAiServer;
beforeEach(async () => (server = await startFakeOpenAiServer()));
afterEach(() => server.close());

describe('openai provider: structured output', () => {
  it('asks for json_schema (strict when the schema allows) and validates the reply', async () => {
    server.reply({ kind: 'completion', content: valid });
    const result = await openAiProvider(server.baseURL).generateObject(request);

    expect(result.value).toEqual({ thought: 'Who is this?', intention: 'Greet the stranger' });
    expect(result.attempts).toBe(1);
    expect(server.requests[0]?.body['response_format']).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'npc_intent', strict: true, schema: { type: 'object', required: ['thought', 'intention'] } },
    });
  });

  it('sends strict: false for schemas with optional fields', async () => {
    server.reply({ kind: 'completion', content: valid });
    await openAiProvider(server.baseURL).generateObject({
      ...request,
      schema: intent.extend({ mood: z.string().optional() }),
    });
    expect(server.requests[0]?.body['response_format']).toMatchObject({ json_schema: { strict: false } });
  });

  it('repairs a malformed reply with one retry that shows the model its mistake', async () => {
    server.reply(
      { kind: 'completion', content: '{"thought": "Who', usage: { prompt: 20, completion: 3 } },
      { kind: 'completion', content: valid, usage: { prompt: 30, completion: 12 } },
    );
    const result = await openAiProvider(server.baseURL).generateObject(request);

    expect(result.attempts).toBe(2);
    expect(result.value.intention).toBe('Greet the stranger');
    expect(result.usage).toMatchObject({ promptTokens: 50, generatedTokens: 15 });
    const repair = server.requests[1]?.body['messages'];
    expect(repair).toEqual([
      ...request.messages,
      { role: 'assistant', content: '{"thought": "Who' },
      { role: 'user', content: expect.stringContaining('That reply could not be used') },
    ]);
  });

  it('fails as invalid_output naming the stage when the repair is invalid too', async () => {
    server.reply({ kind: 'completion', content: 'no JSON here' }, { kind: 'completion', content: '{"thought": 3}' });
    const error = await failureOf(openAiProvider(server.baseURL).generateObject(request));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'invalid_output', stage: 'npc_intent' });
    expect(String(error)).toContain('npc_intent: the reply is still invalid after one repair retry');
    expect(server.requests).toHaveLength(2);
  });

  it('falls back to json_object when the server rejects json_schema, and remembers it', async () => {
    server.reply(
      {
        kind: 'error',
        status: 400,
        message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported",
      },
      { kind: 'completion', content: valid },
      { kind: 'completion', content: valid },
    );
    const provider = openAiProvider(server.baseURL);
    const first = await provider.generateObject(request);
    await provider.generateObject(request);

    expect(first.attempts).toBe(1);
    expect(server.requests.map((r) => r.body['response_format'])).toEqual([
      expect.objectContaining({ type: 'json_schema' }),
      { type: 'json_object' },
      { type: 'json_object' },
    ]);
    // JSON mode is told the shape at the end of the last user message, leaving the cached prefix alone.
    const sent = server.requests[1]?.body['messages'];
    expect(sent).toEqual([
      request.messages[0],
      {
        role: 'user',
        content: expect.stringMatching(/^The stranger enters\.\n\nReply with only a JSON value.*"intention"/su),
      },
    ]);
  });

  it('does not fall back when json_schema is configured explicitly', async () => {
    server.reply({ kind: 'error', status: 400, message: 'response_format json_schema unsupported' });
    const error = await failureOf(
      openAiProvider(server.baseURL, { structuredOutput: 'json_schema' }).generateObject(request),
    );
    expect(error).toMatchObject({ kind: 'provider' });
    expect(String(error)).toContain("set structured output to 'auto' or 'json_object'");
    expect(server.requests).toHaveLength(1);
  });

  it('uses JSON mode from the start when configured so', async () => {
    server.reply({ kind: 'completion', content: `Sure! ${valid}` });
    const result = await openAiProvider(server.baseURL, { structuredOutput: 'json_object' }).generateObject(request);
    expect(result.value.thought).toBe('Who is this?');
    expect(server.requests[0]?.body['response_format']).toEqual({ type: 'json_object' });
  });
});
