import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAiProvider } from '../../../engine/llm/openai/index.ts';
import { LlmError } from '../../../engine/llm/types.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../support/fake-openai-server.ts';
import { API_KEY, failureOf, openAiProvider } from './helpers.ts';

const messages = [{ role: 'user', content: 'Go on.' }] as const;

let server: FakeOpenAiServer;
beforeEach(async () => (server = await startFakeOpenAiServer()));
afterEach(() => server.close());

describe('openai provider: timeouts and aborts', () => {
  it('times out when the server never answers', async () => {
    server.reply({ kind: 'hang' });
    const error = await failureOf(
      openAiProvider(server.baseURL, { timeoutMs: 200, maxRetries: 0 }).generateText({ stage: 'narrator', messages }),
    );
    expect(error).toMatchObject({ kind: 'timeout', stage: 'narrator' });
    expect(String(error)).toContain('200 ms');
  });

  it('times out when a stream stalls after its first tokens', async () => {
    server.reply({ kind: 'stall', content: 'The road' });
    const deltas: string[] = [];
    const provider = openAiProvider(server.baseURL, { timeoutMs: 300, maxRetries: 0 });
    const error = await failureOf(
      provider.generateText({ stage: 'narrator', messages, onTextDelta: (d) => deltas.push(d) }),
    );
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(deltas).toEqual(['The road']);
  });

  it('aborts mid-stream', async () => {
    server.reply({ kind: 'stall', content: 'The road' });
    const controller = new AbortController();
    const call = openAiProvider(server.baseURL).generateText({
      stage: 'narrator',
      messages,
      signal: controller.signal,
      onTextDelta: () => controller.abort(),
    });
    await expect(call).rejects.toMatchObject({ kind: 'aborted', stage: 'narrator' });
  });

  it('aborts before sending when the signal already fired', async () => {
    const provider = openAiProvider(server.baseURL);
    await expect(
      provider.generateText({ stage: 'narrator', messages, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ kind: 'aborted' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('openai provider: the API key stays secret', () => {
  const schema = z.object({ ok: z.boolean() });

  async function failures(): Promise<unknown[]> {
    const echo = `Incorrect API key provided: ${API_KEY}`;
    server.reply(
      { kind: 'error', status: 401, message: echo },
      { kind: 'error', status: 500, message: echo },
      { kind: 'error', status: 429, message: echo },
      { kind: 'error', status: 400, message: `response_format rejected for ${API_KEY}` },
      { kind: 'hang' },
    );
    const strict = openAiProvider(server.baseURL, { maxRetries: 0, structuredOutput: 'json_schema', timeoutMs: 150 });
    const unreachable = openAiProvider('http://127.0.0.1:9/v1', { maxRetries: 0 });
    return Promise.all([
      failureOf(strict.generateText({ stage: 'narrator', messages })),
      failureOf(strict.generateText({ stage: 'narrator', messages })),
      failureOf(strict.generateText({ stage: 'narrator', messages })),
      failureOf(strict.generateObject({ stage: 'narrator', messages, schema, schemaName: 'ok' })),
      failureOf(strict.generateText({ stage: 'narrator', messages })),
      failureOf(unreachable.generateText({ stage: 'narrator', messages })),
    ]);
  }

  it('never appears in an error message, its stack, its cause or its serialisation', async () => {
    const errors = await failures();
    expect(errors.map((error) => (error instanceof LlmError ? error.kind : 'not an LlmError'))).toEqual([
      'unauthorized',
      'provider',
      'rate_limited',
      'provider',
      'timeout',
      'provider',
    ]);
    for (const error of errors) {
      const text = [
        String(error),
        inspect(error, { depth: 10 }),
        JSON.stringify(error),
        error instanceof Error ? error.stack : '',
      ].join('\n');
      expect(text).not.toContain(API_KEY);
    }
    expect(String(errors[0])).toContain('[redacted]');
    expect(String(errors[5])).toContain('cannot reach http://127.0.0.1:9/v1');
  });
});

describe('openai provider: credentials in a base URL', () => {
  it('never names them in an error, even for a config that skipped the settings schema', async () => {
    const provider = createOpenAiProvider(
      {
        kind: 'openai',
        baseURL: 'http://storyteller:hunter2@127.0.0.1:9/v1',
        model: 'm',
        structuredOutput: 'auto',
        timeoutMs: 2_000,
        maxRetries: 0,
      },
      { apiKey: API_KEY },
    );
    const error = await failureOf(provider.generateText({ stage: 'narrator', messages }));
    expect(error).toBeInstanceOf(LlmError);
    expect(inspect(error)).not.toContain('hunter2');
    expect(String(error)).toContain('http://127.0.0.1:9/v1');
  });
});
