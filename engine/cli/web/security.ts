import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER } from '../../api/index.ts';

export const TOKEN_COOKIE = 'storyloom_token';

/** Constant-time comparison so the token cannot be guessed byte by byte from response times. */
export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses DNS-rebinding: the Host header must name this loopback server, not some other site's domain. */
export function hostIsLoopback(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

/** A WebSocket must come from a page this server served (or from a non-browser client, which sends no Origin). */
export function originAllowed(request: IncomingMessage, port: number): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return (
    origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || origin === `http://[::1]:${port}`
  );
}

export function headerToken(request: IncomingMessage): string | null {
  const header = request.headers[TOKEN_HEADER];
  return typeof header === 'string' ? header : null;
}

export function tokenFromRequest(request: IncomingMessage, url: URL): string | null {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string') return header;
  const fromQuery = url.searchParams.get('token');
  if (fromQuery !== null) return fromQuery;
  return cookieValue(request.headers.cookie, TOKEN_COOKIE);
}

function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}
