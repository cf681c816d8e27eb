import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

/** A file of the built renderer, or null. Paths that would leave the folder are refused. */
export async function readStaticFile(rootDir: string, urlPath: string): Promise<StaticFile | null> {
  // Normalised, so a root given with a trailing slash still contains its own files.
  const root = path.resolve(rootDir);
  const relative = decodeURIComponent(urlPath).replace(/^\/+/u, '') || 'index.html';
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  try {
    if (!(await stat(resolved)).isFile()) return null;
    return {
      body: await readFile(resolved),
      contentType: CONTENT_TYPES[path.extname(resolved)] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
