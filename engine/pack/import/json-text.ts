import { importError } from './errors.ts';
import { IMPORT_LIMITS } from './limits.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u;

/** UTF-8 bytes to text, refusing invalid sequences rather than importing mojibake. A BOM is dropped. */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw importError(`${what} is not valid UTF-8 text`);
  }
}

/** Strict base64 (Buffer.from silently skips junk, which would turn a damaged card into a confusing JSON error). */
export function decodeBase64(text: string, what: string): Uint8Array {
  const compact = text.replace(/\s+/gu, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) throw importError(`${what} is not valid base64`);
  return Buffer.from(compact, 'base64');
}

export function parseJson(text: string, what: string): unknown {
  if (text.length > IMPORT_LIMITS.maxJsonBytes)
    throw importError(`${what} is larger than ${IMPORT_LIMITS.maxJsonBytes} bytes`);
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw importError(`${what} is not valid JSON${detail}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
