import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmError } from '../../../engine/llm/types.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../support/fake-openai-server.ts';
import { API_KEY, failureOf, openAiProvider } from './helpers.ts';

const messages = [
  { role: 'system', content: 'You narrate.' },
  { role: 'user', content: 'Open the door.' },
] as const;

let server: FakeOpenAiServer;
beforeEach(async () => (server = await startFakeOpenAiServer()));
afterEach(() => server.close());

describe('openai provider: text', () => {
  it('returns a non-streamed reply with the usage the server reports', async () => {
    server.reply({
      kind: 'completion',
      content: 'The door creaks open.',
      model: 'served-model',
      usage: { prompt: 30, completion: 5, cached: 20 },
    });
    const result = await openAiProvider(server.baseURL).generateText({
      stage: 'narrator',
      messages,
      temperature: 0.7,
      seed: 42,
      maxTokens: 64,
    });

    expect(result).toMatchObject({ text: 'The door creaks open.', model: 'served-model', attempts: 1 });
    expect(result.usage).toMatchObject({ promptTokens: 30, cachedPromptTokens: 20, generatedTokens: 5 });
    expect(result.usage.timeToFirstTokenMs).toBe(result.usage.totalMs);
    const [request] = server.requests;
    expect(request?.body).toMatchObject({ model: 'fake-model', messages, temperature: 0.7, seed: 42, max_tokens: 64 });
    expect(request?.body['stream']).not.toBe(true);
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('streams deltas that join to the result and reads the usage chunk', async () => {
    server.reply({
      kind: 'completion',
      content: 'Rain drums on the tin roof of the inn.',
      chunks: 4,
      usage: { prompt: 40, completion: 9 },
    });
    const deltas: string[] = [];
    const result = await openAiProvider(server.baseURL).generateText({
      stage: 'narrator',
      messages,
      onTextDelta: (delta) => deltas.push(delta),
    });

    expect(deltas.length).toBe(4);
    expect(deltas.join('')).toBe(result.text);
    expect(result.text).toBe('Rain drums on the tin roof of the inn.');
    expect(result.usage).toMatchObject({ promptTokens: 40, cachedPromptTokens: 0, generatedTokens: 9 });
    expect(result.usage.timeToFirstTokenMs).not.toBeNull();
    expect(result.usage.timeToFirstTokenMs ?? Infinity).toBeLessThanOrEqual(result.usage.totalMs);
    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('estimates tokens when the server reports no usage', async () => {
    server.reply({ kind: 'completion', content: 'one two three', usage: null });
    const result = await openAiProvider(server.baseURL).generateText({ stage: 'narrator', messages });
    // "You narrate.\nOpen the door." is 5 words → ceil(5 × 4 / 3) = 7; 3 words → 4.
    expect(result.usage).toMatchObject({ promptTokens: 7, cachedPromptTokens: 0, generatedTokens: 4 });
  });

  it('retries a 429 and a 500, then succeeds', async () => {
    server.reply(
      { kind: 'error', status: 429, message: 'slow down' },
      { kind: 'error', status: 500, message: 'oops' },
      { kind: 'completion', content: 'ok' },
    );
    const result = await openAiProvider(server.baseURL).generateText({ stage: 'narrator', messages });
    expect(result.text).toBe('ok');
    expect(server.requests).toHaveLength(3);
  });

  it('fails as rate_limited once the retries are used up', async () => {
    server.reply(...Array.from({ length: 2 }, () => ({ kind: 'error', status: 429, message: 'slow down' }) as const));
    const error = await failureOf(
      openAiProvider(server.baseURL, { maxRetries: 1 }).generateText({ stage: 'npc_intent', messages }),
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'rate_limited', stage: 'npc_intent' });
    expect(server.requests).toHaveLength(2);
  });

  it('fails as unauthorized on 401 and 403 without retrying', async () => {
    server.reply(
      { kind: 'error', status: 401, message: 'bad key' },
      { kind: 'error', status: 403, message: 'forbidden' },
    );
    const provider = openAiProvider(server.baseURL);
    await expect(provider.generateText({ stage: 'narrator', messages })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(provider.generateText({ stage: 'narrator', messages })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('fails as provider on other errors, naming the server', async () => {
    server.reply({ kind: 'error', status: 404, message: 'model not found' });
    const error = await failureOf(openAiProvider(server.baseURL).generateText({ stage: 'narrator', messages }));
    expect(error).toMatchObject({ kind: 'provider' });
    expect(String(error)).toContain(server.baseURL);
    expect(String(error)).toContain('model not found');
  });
});
