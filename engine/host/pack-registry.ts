import { EngineError, type PackSummary } from '../api/index.ts';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { discoverPacks, loadPack, packGreetings, type PackListing, type StoryPack } from '../pack/index.ts';
import { expandMacros } from '../prompts/index.ts';
import { openingText, playMacros } from '../turn/index.ts';
import type { FileRoots } from '../platform/index.ts';

export interface PackFolders {
  /** Pack folders named on the command line (`storyloom play ./my-pack`), listed as user packs. */
  readonly extraDirs?: readonly string[];
  /** Folders packs were last played from, by id: looked in, never listed, for a pack that is not installed. */
  readonly playedFolders?: Readonly<Record<string, string>>;
}

/** The installed story packs (built-in and the user's), found on first use and again on reload. */
export class PackRegistry {
  readonly #roots: FileRoots;
  readonly #appVersion: string;
  readonly #extraDirs: readonly string[];
  readonly #playedFolders: Readonly<Record<string, string>>;
  #listings: Promise<readonly PackListing[]> | null = null;
  readonly #played = new Map<string, Promise<StoryPack | null>>();
  #watcher: FSWatcher | null = null;

  constructor(roots: FileRoots, appVersion: string, folders: PackFolders = {}) {
    this.#roots = roots;
    this.#appVersion = appVersion;
    this.#extraDirs = folders.extraDirs ?? [];
    this.#playedFolders = folders.playedFolders ?? {};
  }

  /**
   * Watches the user stories folder: a pack dropped in, edited or removed is picked up without a restart. Changes
   * arrive in bursts (an unzip, an editor's save), so they are gathered for a moment before one reload.
   */
  watch(onChange: () => void, settleMs = 300): void {
    if (this.#watcher !== null || !existsSync(this.#roots.userStories)) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    this.#watcher = watch(this.#roots.userStories, { recursive: true }, () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        this.#listings = null;
        onChange();
      }, settleMs);
    });
    this.#watcher.on('error', () => this.unwatch());
  }

  unwatch(): void {
    this.#watcher?.close();
    this.#watcher = null;
  }

  async summaries(): Promise<PackSummary[]> {
    return (await this.#load()).map(toSummary);
  }

  async reload(): Promise<PackSummary[]> {
    this.#listings = null;
    this.#played.clear();
    return this.summaries();
  }

  /** Where a pack lives and whether it is the player's own (built-in packs are read-only). */
  async location(id: string): Promise<{ readonly dir: string; readonly source: 'builtin' | 'user' } | null> {
    const listing = (await this.#load()).find((candidate) => candidate.id === id);
    return listing === undefined ? null : { dir: listing.dir, source: listing.source };
  }

  /**
   * A playable pack by id, else the one in the folder it was last played from; a clear error when it is missing (its
   * id in the details) or broken.
   */
  async pack(id: string): Promise<StoryPack> {
    const listing = (await this.#load()).find((candidate) => candidate.id === id);
    if (listing === undefined) {
      const played = await this.#playedPack(id);
      if (played !== null) return played;
      throw new EngineError('not_found', `No story pack with id "${id}" is installed.`, { packId: id });
    }
    if (listing.pack === undefined) {
      const first = listing.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      const where = first ? ` (${first.file}:${first.line}:${first.column}: ${first.message})` : '';
      throw new EngineError('not_found', `The story pack "${id}" has errors and cannot be played${where}.`);
    }
    return listing.pack;
  }

  #playedPack(id: string): Promise<StoryPack | null> {
    const folder = this.#playedFolders[id];
    if (folder === undefined) return Promise.resolve(null);
    let loading = this.#played.get(id);
    if (loading === undefined) {
      loading = loadPack(folder, { appVersion: this.#appVersion })
        // The folder may be gone, or reused for another pack since.
        .then(({ pack }) => (pack?.manifest.id === id ? pack : null))
        .catch(() => null);
      this.#played.set(id, loading);
    }
    return loading;
  }

  #load(): Promise<readonly PackListing[]> {
    this.#listings ??= this.#discover();
    return this.#listings;
  }

  async #discover(): Promise<readonly PackListing[]> {
    const found = await discoverPacks({
      builtinDir: this.#roots.builtinStories,
      userDir: this.#roots.userStories,
      appVersion: this.#appVersion,
    });
    const extra = await Promise.all(this.#extraDirs.map((dir) => this.#loadExtra(dir)));
    // A folder named explicitly wins over an installed pack with the same id.
    const extraIds = new Set(extra.map((listing) => listing.id));
    return [...extra, ...found.filter((listing) => !extraIds.has(listing.id))];
  }

  async #loadExtra(dir: string): Promise<PackListing> {
    const { pack, diagnostics } = await loadPack(dir, { appVersion: this.#appVersion });
    const hasErrors = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
    return {
      source: 'user',
      dir,
      id: pack?.manifest.id ?? dir,
      title: pack?.manifest.title ?? dir,
      author: pack?.manifest.author ?? '',
      description: pack?.manifest.description ?? '',
      version: pack?.manifest.version ?? '',
      status: hasErrors ? 'error' : diagnostics.length > 0 ? 'warnings' : 'ok',
      diagnostics,
      ...(pack === null ? {} : { pack }),
    };
  }
}

function toSummary(listing: PackListing): PackSummary {
  return {
    id: listing.id,
    source: listing.source,
    dir: listing.dir,
    title: listing.title,
    author: listing.author,
    description: listing.description,
    version: listing.version,
    coverPath: listing.coverPath ?? null,
    status: listing.status,
    diagnostics: listing.diagnostics.map(({ severity, file, line, column, message }) => ({
      severity,
      file,
      line,
      column,
      message,
    })),
    personas: (listing.pack?.personas ?? []).map(({ id, name, description }) => ({ id, name, description })),
    defaultPersona: listing.pack?.manifest.start.persona ?? null,
    opening: openingOf(listing.pack),
    greetings: greetingsOf(listing.pack),
    characters: (listing.pack?.characters ?? []).map(({ id, name }) => ({ id, name })),
  };
}

function openingOf(pack: StoryPack | undefined): string | null {
  return pack === undefined ? null : openingText(pack, pack.manifest.start.persona);
}

/** The greetings as a reader meets them: macros filled for the default persona and each greeting's character. */
function greetingsOf(pack: StoryPack | undefined): PackSummary['greetings'] {
  if (pack === undefined) return [];
  const macros = playMacros(pack, pack.manifest.start.persona);
  return packGreetings(macros.pack.characters).map(({ character, text }) => ({
    character,
    text: expandMacros(text, macros.values(pack.manifest.start.time, character)),
  }));
}
