import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where this installation keeps its own files (the repo root when run from a checkout). */
export const INSTALL_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILTIN_STORIES_DIR = fileURLToPath(new URL('../../stories/', import.meta.url));
export const RENDERER_BUILD_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

export function readAppVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string')
    return pkg.version;
  throw new Error('package.json has no version');
}
