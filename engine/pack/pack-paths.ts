import path from 'node:path';
import type { PackTree } from './pack-tree.ts';

export type PackPathCheck =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly problem: string };

/**
 * Resolves a path written in a pack file (a cover, later portraits and maps) to a pack file, refusing anything that
 * could reach outside the pack: absolute paths, `..`, and symbolic links that lead out (found by the pack scan).
 */
export function checkPackPath(tree: PackTree, written: string): PackPathCheck {
  if (written.startsWith('/') || written.startsWith('\\') || /^[A-Za-z]:/u.test(written) || path.isAbsolute(written)) {
    return { ok: false, problem: `"${written}" is an absolute path; write a path inside the pack, relative to it` };
  }
  if (written.includes('\\')) return { ok: false, problem: `"${written}": use forward slashes (/) in pack paths` };
  const segments = written.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..'))
    return { ok: false, problem: `"${written}" leaves the pack folder; pack paths may not use ".."` };
  const normalized = segments.join('/');
  if ([...tree.escapes].some((link) => normalized === link || normalized.startsWith(`${link}/`))) {
    return { ok: false, problem: `"${written}" leads outside the pack through a symbolic link` };
  }
  if (!tree.files.has(normalized)) return { ok: false, problem: `"${written}" is not a file in the pack` };
  return { ok: true, path: normalized };
}
