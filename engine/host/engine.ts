import type { EngineEventListener, EngineHandlers, Settings } from '../api/index.ts';
import type { Ports } from '../platform/index.ts';
import { bindStartKey } from './start-key.ts';
import {
  createProviderFromConfig,
  formatLlmSpec,
  speedFileIn,
  type ApiKeyInput,
  type BoundApiKey,
  type LlmProvider,
  type ProviderConfig,
} from '../llm/index.ts';
import { SaveLibrary } from '../store/index.ts';
import { createEventBus } from './event-bus.ts';
import { loadSettings, saveSettings } from './settings-file.ts';
import type { HostContext } from './context.ts';
import { appHandlers } from './handlers/app.ts';
import { settingsHandlers } from './handlers/settings.ts';
import { savesHandlers } from './handlers/saves.ts';
import { modelsHandlers } from './handlers/models.ts';
import { llmHandlers } from './handlers/llm.ts';
import { packsHandlers } from './handlers/packs.ts';
import { packImportHandlers } from './handlers/pack-import.ts';
import { playHandlers } from './handlers/play.ts';
import { inspectHandlers } from './handlers/inspect.ts';
import { LlmRouting } from './llm-routing.ts';
import { PackRegistry } from './pack-registry.ts';
import { readingThrough, SaveReaders } from './save-readers.ts';
import { Sessions } from './sessions.ts';

export interface EngineOptions {
  readonly ports: Ports;
  readonly appVersion: string;
  readonly platform: string;
  /**
   * The key for remote providers (from the OS keychain in the app, the environment in the CLI) and the origin it was
   * saved for; without an origin it is bound to the one remote endpoint the routing names at start.
   */
  readonly apiKey?: ApiKeyInput | undefined;
  /** Serve every stage with this provider for the whole run (the CLI's `--llm SPEC`). */
  readonly llmOverride?: ProviderConfig | undefined;
  /** Where the model catalog is when the engine is bundled (the app); defaults to the engine's own models/catalog.json. */
  readonly catalogFile?: string;
  /** Long-running hosts (the app, web mode) pick up packs dropped into the user stories folder. */
  readonly watchPacks?: boolean;
  /** Pack folders given on the command line, playable by their id. */
  readonly extraPackDirs?: readonly string[];
  /**
   * Where packs were last played from, by id (the CLI remembers each `storyloom play <folder>`): a save whose pack is
   * not installed finds it there.
   */
  readonly playedPackFolders?: Readonly<Record<string, string>>;
  /** Replaces the provider factory (tests). */
  readonly createProvider?: (config: ProviderConfig) => Promise<LlmProvider>;
  readonly onInternalError?: (error: unknown) => void;
}

export interface Engine {
  readonly handlers: EngineHandlers;
  readonly subscribe: (listener: EngineEventListener) => () => void;
  /**
   * A new API key for remote providers and the origin it is for (or none): providers reopen with it; a turn in
   * progress finishes first.
   */
  setApiKey(key: BoundApiKey | undefined): Promise<void>;
  /** Problems found while starting (e.g. an unreadable settings file), for the host to show. */
  readonly startupProblems: readonly string[];
  dispose(): Promise<void>;
}

/** Composes the rooms into the one EngineApi handler map that every transport serves. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { ports } = options;
  const events = createEventBus(options.onInternalError);
  const loaded = await loadSettings(ports.roots.settingsFile);
  let settings: Settings = loaded.settings;
  // The key can change while the app runs (Settings → remote endpoint); providers made later read the current one.
  const startKey = bindStartKey(options.apiKey, settings, options.llmOverride);
  let apiKey = startKey.bound;
  const createProvider =
    options.createProvider ??
    ((config: ProviderConfig) =>
      createProviderFromConfig(config, {
        apiKey,
        modelsDir: ports.roots.models[0],
        speedWatch: {
          speedFile: speedFileIn(ports.roots.home),
          onSlow: (notice) => events.emit({ type: 'llm.slow', ...notice }),
        },
      }));
  const routing = new LlmRouting(settings.llm, createProvider, options.llmOverride);
  let sessions: Sessions | null = null;
  const context: HostContext = {
    ports,
    appVersion: options.appVersion,
    platform: options.platform,
    llmOverride: options.llmOverride === undefined ? null : formatLlmSpec(options.llmOverride),
    catalogFile: options.catalogFile ?? null,
    events,
    settings: {
      get: () => settings,
      set: async (next) => {
        const routingChanged = JSON.stringify(next.llm) !== JSON.stringify(settings.llm);
        settings = await saveSettings(ports.roots.settingsFile, next);
        if (routingChanged) {
          // New routing: sessions reopen with the new providers (a turn in progress finishes on the old ones).
          await sessions?.closeAll();
          await routing.update(settings.llm);
        }
        return settings;
      },
    },
    createProvider,
  };
  const library = new SaveLibrary({ folder: ports.roots.saves, clock: ports.clock, appVersion: options.appVersion });
  const packs = new PackRegistry(ports.roots, options.appVersion, {
    extraDirs: options.extraPackDirs ?? [],
    playedFolders: options.playedPackFolders ?? {},
  });
  // What a crash left in the saves folder (a fork killed half-way, companions of deleted saves) goes first.
  library.clearLeftovers();
  sessions = new Sessions({ context, library, packs, routing });
  const readers = new SaveReaders(library);
  const reading = readingThrough(sessions, readers);
  if (options.watchPacks === true) packs.watch(() => events.emit({ type: 'packs.changed' }));
  const handlers = {
    ...appHandlers(context),
    ...settingsHandlers(context),
    ...packsHandlers(context, packs),
    ...packImportHandlers(context, packs),
    ...savesHandlers(context, library, packs, sessions, readers, reading),
    ...inspectHandlers(packs, reading),
    ...playHandlers(sessions),
    ...modelsHandlers(context),
    ...llmHandlers(context),
  } satisfies EngineHandlers;
  return {
    handlers,
    subscribe: (listener) => events.subscribe(listener),
    startupProblems: [loaded.problem, startKey.problem].filter((problem) => problem !== null),
    setApiKey: async (key) => {
      apiKey = key;
      await sessions?.closeAll();
      await routing.dispose();
    },
    dispose: async () => {
      packs.unwatch();
      await sessions?.closeAll();
      await readers.closeAll();
      await routing.dispose();
    },
  };
}
