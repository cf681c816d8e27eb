import type { IncomingMessage } from 'node:http';
import { API_PATH_PREFIX, MAX_IMPORT_BASE64_CHARS } from '../../api/index.ts';

/** Every API body but an import's: settings, turns and the like are a few kilobytes. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** An import carries the whole file as base64: the method's own limit plus room for the JSON around it. */
export const IMPORT_MAX_BODY_BYTES = MAX_IMPORT_BASE64_CHARS + 64 * 1024;
/**
 * Past the cap, the rest of the body is still read (and dropped) so the client, which is still sending, receives the
 * 413: closing the connection under it would reset it before it reads the answer. Beyond this much it is reset anyway.
 */
const MAX_DRAINED_BYTES = 256 * 1024 * 1024;

/** The body cap of one API path: imports get theirs, everything else the default (or the server's own). */
export function bodyLimitFor(pathname: string, defaultLimit: number): number {
  return pathname === `${API_PATH_PREFIX}packs.import` ? Math.max(IMPORT_MAX_BODY_BYTES, defaultLimit) : defaultLimit;
}

export type BodyRead =
  | { readonly kind: 'ok'; readonly text: string }
  | { readonly kind: 'too_large' }
  /** The connection closed before the body ended: nobody is left to answer. */
  | { readonly kind: 'aborted' };

/** Reads a request body up to `limit` bytes; a larger one is drained and reported, never buffered. */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit + MAX_DRAINED_BYTES) request.destroy();
      else chunks.length = 0;
    });
    request.on('end', () =>
      resolve(size > limit ? { kind: 'too_large' } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }),
    );
    request.on('error', reject);
    request.on('close', () => {
      if (!request.complete) resolve({ kind: 'aborted' });
    });
  });
}

/** A URL path with its %-escapes decoded, or null when one is malformed (`%zz`, a lone `%`, broken UTF-8). */
export function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}
