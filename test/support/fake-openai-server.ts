import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test-boundary fake of an OpenAI-compatible chat-completions server on 127.0.0.1. Tests queue replies; each
 * POST /v1/chat/completions takes the next one and answers in the form the request asked for (JSON or SSE stream).
 */
export type FakeReply =
  | {
      readonly kind: 'completion';
      readonly content: string;
      /** null: report no usage at all. */
      readonly usage?: FakeUsage | null;
      readonly model?: string;
      /** Streamed replies are cut into this many chunks (default 3). */
      readonly chunks?: number;
    }
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly message: string;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Accepts the request and never answers. */
  | { readonly kind: 'hang' }
  /** Streams `content` then stalls without ending the stream. */
  | { readonly kind: 'stall'; readonly content: string };

export interface FakeUsage {
  readonly prompt: number;
  readonly completion: number;
  readonly cached?: number;
}

export interface RecordedRequest {
  readonly body: Readonly<Record<string, unknown>>;
  readonly authorization: string | undefined;
}

export interface FakeOpenAiServer {
  /** Ends in /v1, as a real server's base URL does. */
  readonly baseURL: string;
  readonly requests: readonly RecordedRequest[];
  reply(...replies: FakeReply[]): void;
  /** Resolves when the next request has arrived (for aborting mid-stream). */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const waiting: ((request: RecordedRequest) => void)[] = [];

  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return sendError(res, 404, `no route ${req.url}`);
      const body = parseJsonObject(text);
      const recorded = { body, authorization: req.headers.authorization };
      requests.push(recorded);
      waiting.shift()?.(recorded);
      const next = queue.shift();
      if (next === undefined) return sendError(res, 400, 'fake server: no reply queued');
      answer(res, next, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, reply: FakeReply, body: Readonly<Record<string, unknown>>): void {
  switch (reply.kind) {
    case 'error':
      return sendError(res, reply.status, reply.message, reply.headers);
    case 'hang':
      return;
    case 'stall':
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse(chunk('fake-model', { role: 'assistant', content: reply.content }, null)));
      return;
    case 'completion':
      return body['stream'] === true ? sendStream(res, reply, body) : sendWhole(res, reply);
  }
}

function sendWhole(res: ServerResponse, reply: Extract<FakeReply, { kind: 'completion' }>): void {
  const model = reply.model ?? 'fake-model';
  const message = { role: 'assistant', content: reply.content };
  const usage = usageOf(reply);
  const completion = {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }],
    ...(usage === undefined ? {} : { usage }),
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(completion));
}

function sendStream(
  res: ServerResponse,
  reply: Extract<FakeReply, { kind: 'completion' }>,
  body: Readonly<Record<string, unknown>>,
): void {
  const model = reply.model ?? 'fake-model';
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const pieces = splitEvenly(reply.content, reply.chunks ?? 3);
  pieces.forEach((piece, index) =>
    res.write(sse(chunk(model, index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null))),
  );
  res.write(sse(chunk(model, {}, 'stop')));
  const options = body['stream_options'];
  const wantsUsage =
    typeof options === 'object' && options !== null && 'include_usage' in options && options.include_usage === true;
  const usage = usageOf(reply);
  if (wantsUsage && usage !== undefined) res.write(sse({ ...chunk(model, {}, null), choices: [], usage }));
  res.end('data: [DONE]\n\n');
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function usageOf(reply: Extract<FakeReply, { kind: 'completion' }>): Record<string, unknown> | undefined {
  if (reply.usage === null) return undefined;
  const usage = reply.usage ?? { prompt: 12, completion: 7 };
  return {
    prompt_tokens: usage.prompt,
    completion_tokens: usage.completion,
    total_tokens: usage.prompt + usage.completion,
    ...(usage.cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cached } }),
  };
}

/** Error replies carry retry-after-ms so the SDK's retries take milliseconds, not seconds. */
function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '5', ...headers });
  res.end(JSON.stringify({ error: { message, type: 'fake_error', param: null, code: null } }));
}

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

function splitEvenly(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (text += part));
    req.on('end', () => resolve(text));
  });
}

function parseJsonObject(text: string): Readonly<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
}
