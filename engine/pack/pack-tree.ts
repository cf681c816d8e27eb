import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareText, startOf, type DiagnosticSink } from './diagnostics.ts';
import { errorMessage } from '../api/index.ts';

/** Limits that keep a hostile or mistaken pack from stalling the app. */
export const PACK_LIMITS = { maxFileBytes: 2 * 1024 * 1024, maxFiles: 5000, maxDepth: 12 } as const;

export interface PackEntry {
  /** Relative to the pack folder, forward slashes. */
  readonly path: string;
  /** The real file to read (a symbolic link inside the pack is resolved). */
  readonly absolute: string;
  readonly size: number;
}

/** Every regular file of a pack. Nothing outside `root` is ever listed, so nothing outside can be read. */
export interface PackTree {
  /** The real path of the pack folder. */
  readonly root: string;
  readonly files: ReadonlyMap<string, PackEntry>;
  /** Symbolic links that lead outside the pack (reported, never followed). */
  readonly escapes: ReadonlySet<string>;
}

/** The diagnostics' `file` for problems with the pack folder itself. */
export const PACK_FOLDER = '.';

export async function scanPack(dir: string, sink: DiagnosticSink): Promise<PackTree | null> {
  let root: string;
  try {
    root = await realpath(dir);
    if (!(await stat(root)).isDirectory()) throw new Error('not a folder');
  } catch {
    sink.error(startOf(PACK_FOLDER), `no story pack here: "${dir}" is not a folder`);
    return null;
  }
  const files = new Map<string, PackEntry>();
  const escapes = new Set<string>();
  await walk({ root, sink, files, escapes }, root, '', 0);
  return { root, files, escapes };
}

interface Walk {
  readonly root: string;
  readonly sink: DiagnosticSink;
  readonly files: Map<string, PackEntry>;
  readonly escapes: Set<string>;
}

async function walk(state: Walk, folder: string, prefix: string, depth: number): Promise<void> {
  if (depth > PACK_LIMITS.maxDepth) {
    state.sink.warning(startOf(prefix), `folders nested deeper than ${PACK_LIMITS.maxDepth} levels are not read`);
    return;
  }
  let entries;
  try {
    entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => compareText(a.name, b.name));
  } catch (error) {
    state.sink.error(startOf(prefix || PACK_FOLDER), `cannot read the folder: ${errorMessage(error)}`);
    return;
  }
  for (const entry of entries) {
    // Hidden files (.git, .DS_Store) are not part of the story and must not change its content hash.
    if (entry.name.startsWith('.')) continue;
    if (state.files.size >= PACK_LIMITS.maxFiles) {
      state.sink.error(
        startOf(PACK_FOLDER),
        `the pack has more than ${PACK_LIMITS.maxFiles} files; the rest are not read`,
      );
      return;
    }
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const absolute = path.join(folder, entry.name);
    try {
      if (entry.isDirectory()) await walk(state, absolute, relative, depth + 1);
      else if (entry.isFile())
        state.files.set(relative, { path: relative, absolute, size: (await lstat(absolute)).size });
      else if (entry.isSymbolicLink()) await followLink(state, absolute, relative);
      // FIFOs and devices would block or never end if read.
      else state.sink.warning(startOf(relative), 'not a regular file; ignored');
    } catch (error) {
      state.sink.error(startOf(relative), `cannot read: ${errorMessage(error)}`);
    }
  }
}

async function followLink(state: Walk, absolute: string, relative: string): Promise<void> {
  let target: string;
  try {
    target = await realpath(absolute);
  } catch {
    state.sink.warning(startOf(relative), 'broken symbolic link; ignored');
    return;
  }
  if (!isInside(state.root, target)) {
    state.escapes.add(relative);
    state.sink.error(
      startOf(relative),
      `symbolic link leads outside the pack (to ${target}); a pack must be self-contained`,
    );
    return;
  }
  const info = await stat(target);
  if (info.isFile()) state.files.set(relative, { path: relative, absolute: target, size: info.size });
  else state.sink.warning(startOf(relative), 'symbolic links to folders are not followed');
}

export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}
