import type { ClientTransport } from '../client.ts';
import type { Result } from '../errors.ts';
import type { EngineEvent, EngineEventListener } from '../events.ts';
import { errorMessage } from '../errors.ts';

/**
 * The web-mode client: requests are `POST /api/<method>` with JSON params, events arrive over one WebSocket at
 * `/events`. Both carry the session token. Uses only web-standard fetch and WebSocket (browser and Node 22 alike).
 */
export interface HttpTransportOptions {
  /** e.g. `http://127.0.0.1:4517` */
  readonly baseUrl: string;
  readonly token: string;
  readonly fetch?: typeof fetch;
  readonly WebSocket?: typeof WebSocket;
}

export const API_PATH_PREFIX = '/api/';
export const EVENTS_PATH = '/events';
export const TOKEN_HEADER = 'x-storyloom-token';

export function createHttpTransport(options: HttpTransportOptions): ClientTransport & { close(): void } {
  const doFetch = options.fetch ?? fetch;
  const Socket = options.WebSocket ?? WebSocket;
  const listeners = new Set<EngineEventListener>();
  let socket: WebSocket | null = null;

  const openSocket = (): void => {
    const url = new URL(EVENTS_PATH, options.baseUrl.replace(/^http/u, 'ws'));
    url.searchParams.set('token', options.token);
    socket = new Socket(url);
    socket.addEventListener('message', (message: MessageEvent) => {
      const event = JSON.parse(String(message.data)) as EngineEvent;
      for (const listener of listeners) listener(event);
    });
  };

  return {
    async call(method, params) {
      try {
        const response = await doFetch(new URL(`${API_PATH_PREFIX}${method}`, options.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: options.token },
          body: JSON.stringify(params ?? {}),
        });
        return (await response.json()) as Result<unknown>;
      } catch (error) {
        const reason = errorMessage(error);
        return {
          ok: false,
          error: { code: 'internal', message: `the engine at ${options.baseUrl} did not answer: ${reason}` },
        };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (socket === null) openSocket();
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      socket?.close();
      socket = null;
      listeners.clear();
    },
  };
}
