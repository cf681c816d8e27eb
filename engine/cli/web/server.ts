import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import {
  errorMessage,
  API_PATH_PREFIX,
  contentSecurityPolicy,
  EVENTS_PATH,
  dispatch,
  fail,
  type EngineHandlers,
  type EngineEventListener,
} from '../../api/index.ts';
import { TOKEN_COOKIE, headerToken, hostIsLoopback, originAllowed, tokenFromRequest, tokensMatch } from './security.ts';
import { readStaticFile } from './static-files.ts';
import { bodyLimitFor, decodePath, DEFAULT_MAX_BODY_BYTES, readBody } from './request-body.ts';
import { fallbackPage } from './fallback-page.ts';

export interface WebServerOptions {
  readonly engine: {
    readonly handlers: EngineHandlers;
    readonly subscribe: (listener: EngineEventListener) => () => void;
  };
  /** 0 picks a free port. */
  readonly port: number;
  /** The built renderer (index.html and assets); when absent a plain page explains how to build it. */
  readonly staticDir: string | null;
  readonly token?: string;
  /** Largest accepted request body; `packs.import` takes larger ones (see request-body.ts). */
  readonly maxBodyBytes?: number;
}

export interface WebServer {
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

/** The same policy as the desktop window's but for connect-src: the page talks to this server. */
const CSP = contentSecurityPolicy('web');

/**
 * Web mode: the EngineApi over HTTP (`POST /api/<method>`) and events over a WebSocket, on 127.0.0.1 only. Every
 * request needs the session token (header, query or the cookie set when the page was opened with it).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let port = 0;

  const server = createServer((request, response) => {
    void handleRequest(request, response).catch((error: unknown) => {
      const message = errorMessage(error);
      sendJson(response, 500, fail({ code: 'internal', message }));
    });
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (!hostIsLoopback(request, port)) return sendText(response, 403, 'Forbidden: unexpected Host header');
    const pathname = decodePath(url.pathname);
    if (pathname === null) return sendText(response, 400, 'Bad request: malformed %-escape in the path');
    const isApi = url.pathname.startsWith(API_PATH_PREFIX);
    // API calls carry the token in a header (which no other site's page can set) and come from this origin only;
    // the cookie is for the page's own assets.
    const given = isApi ? headerToken(request) : tokenFromRequest(request, url);
    if (!tokensMatch(given, token) || (isApi && !originAllowed(request, port))) {
      return sendJson(response, 401, fail({ code: 'unauthorized', message: 'missing or wrong session token' }));
    }
    if (isApi) {
      if (request.method !== 'POST') return sendText(response, 405, 'Use POST for API calls');
      const limit = bodyLimitFor(pathname, maxBody);
      const body = await readBody(request, limit);
      if (body.kind === 'aborted') return;
      if (body.kind === 'too_large') {
        const message = `the request body is larger than ${limit} bytes`;
        return sendJson(response, 413, fail({ code: 'invalid_params', message }));
      }
      let params: unknown;
      try {
        params = body.text.length === 0 ? {} : JSON.parse(body.text);
      } catch {
        return sendJson(response, 400, fail({ code: 'invalid_params', message: 'the request body is not valid JSON' }));
      }
      const method = pathname.slice(API_PATH_PREFIX.length);
      return sendJson(response, 200, await dispatch(options.engine.handlers, method, params));
    }
    if (request.method !== 'GET') return sendText(response, 405, 'Method not allowed');
    const file = options.staticDir === null ? null : await readStaticFile(options.staticDir, url.pathname);
    const isPage = url.pathname === '/' || url.pathname === '/index.html';
    if (file === null && !isPage) return sendText(response, 404, 'Not found');
    response.setHeader('content-security-policy', CSP);
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('referrer-policy', 'no-referrer');
    if (url.searchParams.has('token')) {
      response.setHeader('set-cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    }
    if (file === null) return sendText(response, 200, fallbackPage(), 'text/html; charset=utf-8');
    response.writeHead(200, { 'content-type': file.contentType, 'cache-control': 'no-cache' });
    response.end(file.body);
  }

  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const allowed =
      url.pathname === EVENTS_PATH &&
      hostIsLoopback(request, port) &&
      originAllowed(request, port) &&
      tokensMatch(tokenFromRequest(request, url), token);
    if (!allowed) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const unsubscribe = options.engine.subscribe((event) => ws.send(JSON.stringify(event)));
      ws.on('close', unsubscribe);
      // A malformed frame from a client must end that connection, never the server.
      ws.on('error', () => {
        unsubscribe();
        ws.terminate();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    port,
    token,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(value));
}

function sendText(response: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, { 'content-type': type });
  response.end(text);
}
