import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareText, sortDiagnostics, startOf, type Diagnostic, type SourcePosition } from './diagnostics.ts';
import { readPack, type PackReading } from './load-pack.ts';
import { PACK_FILES } from './pack-layout.ts';
import type { StoryPack } from './types.ts';

export type PackSource = 'builtin' | 'user';
export type PackStatus = 'ok' | 'warnings' | 'error';

/** One pack as the library shows it; a broken pack is listed too, with what is wrong. */
export interface PackListing {
  readonly source: PackSource;
  readonly dir: string;
  readonly id: string;
  readonly title: string;
  readonly author: string;
  readonly description: string;
  readonly version: string;
  /** The cover image, absolute; only for a pack that loaded. */
  readonly coverPath?: string;
  readonly status: PackStatus;
  readonly diagnostics: readonly Diagnostic[];
  /** Present unless status is 'error'. */
  readonly pack?: StoryPack;
}

export interface DiscoverOptions {
  readonly builtinDir: string;
  readonly userDir: string;
  readonly appVersion: string;
}

/**
 * Every pack (a subfolder with a story.yaml) in the built-in and the user folders. Each loads on its own, so a broken
 * pack never keeps the others out. A user pack with a built-in pack's id replaces it, with a warning saying so.
 */
export async function discoverPacks(options: DiscoverOptions): Promise<PackListing[]> {
  const builtin = await listSource('builtin', options.builtinDir, options.appVersion);
  const user = await listSource('user', options.userDir, options.appVersion);
  const shadowed = new Set<string>();
  const userListings = user.map(({ listing, idPosition }) => {
    const original = builtin.find((candidate) => candidate.listing.id === listing.id);
    if (original === undefined) return listing;
    shadowed.add(listing.id);
    const message = `this pack replaces the built-in pack with the same id "${listing.id}" (version ${original.listing.version}, ${original.listing.dir})`;
    return withDiagnostic(listing, { severity: 'warning', ...(idPosition ?? startOf(PACK_FILES.story)), message });
  });
  return [...builtin.map(({ listing }) => listing).filter((listing) => !shadowed.has(listing.id)), ...userListings];
}

interface Found {
  readonly listing: PackListing;
  readonly idPosition: SourcePosition | null;
}

async function listSource(source: PackSource, root: string, appVersion: string): Promise<Found[]> {
  const dirs = await packFolders(root);
  const readings = await Promise.all(dirs.map((dir) => readPack(dir, { appVersion })));
  const found: Found[] = [];
  for (const [index, reading] of readings.entries()) {
    let listing = toListing(source, dirs[index] ?? root, reading);
    const twin = found.find((earlier) => earlier.listing.id === listing.id);
    if (twin !== undefined) {
      const message = `another pack in this folder already has the id "${listing.id}" (${twin.listing.dir}); ids must be unique`;
      listing = withDiagnostic(listing, {
        severity: 'error',
        ...(reading.idPosition ?? startOf(PACK_FILES.story)),
        message,
      });
    }
    found.push({ listing, idPosition: reading.idPosition });
  }
  return found;
}

/** Subfolders holding a story.yaml, in name order. A missing root (no user packs yet) lists nothing. */
async function packFolders(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(root)).filter((name) => !name.startsWith('.')).sort(compareText);
  } catch {
    return [];
  }
  const folders: string[] = [];
  for (const name of names) {
    const dir = path.join(root, name);
    const isPack = await stat(path.join(dir, PACK_FILES.story)).then(
      (info) => info.isFile(),
      () => false,
    );
    if (isPack) folders.push(dir);
  }
  return folders;
}

function toListing(source: PackSource, dir: string, reading: PackReading): PackListing {
  const { pack, diagnostics } = reading;
  const raw = (key: string, fallback: string): string => {
    const value: unknown =
      typeof reading.rawStory === 'object' && reading.rawStory !== null
        ? Reflect.get(reading.rawStory, key)
        : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value : fallback;
  };
  const manifest = pack?.manifest;
  return {
    source,
    dir: path.resolve(dir),
    id: manifest?.id ?? raw('id', path.basename(dir)),
    title: manifest?.title ?? raw('title', path.basename(dir)),
    author: manifest?.author ?? raw('author', ''),
    description: manifest?.description ?? raw('description', ''),
    version: manifest?.version ?? raw('version', ''),
    ...(pack && manifest?.cover !== undefined ? { coverPath: path.join(pack.dir, manifest.cover) } : {}),
    status: statusOf(diagnostics),
    diagnostics,
    ...(pack ? { pack } : {}),
  };
}

function withDiagnostic(listing: PackListing, diagnostic: Diagnostic): PackListing {
  const diagnostics = sortDiagnostics([...listing.diagnostics, diagnostic]);
  const status = statusOf(diagnostics);
  if (status !== 'error') return { ...listing, diagnostics, status };
  const { pack: _dropped, ...rest } = listing;
  return { ...rest, diagnostics, status };
}

function statusOf(diagnostics: readonly Diagnostic[]): PackStatus {
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return 'error';
  return diagnostics.length > 0 ? 'warnings' : 'ok';
}
