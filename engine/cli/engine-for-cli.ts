import { createEngine, type Engine } from '../host/index.ts';
import { systemClock, randomIds, rngFactory } from '../platform/index.ts';
import type { CliContext } from './command.ts';
import { readAppVersion } from './install-paths.ts';
import path from 'node:path';
import { API_KEY_ENV_VARS, parseLlmSpec, type ProviderConfig } from '../llm/index.ts';

/** Files named in a spec are relative to where the command was run, not to the engine. */
function resolveSpecPaths(config: ProviderConfig, cwd: string): ProviderConfig {
  switch (config.kind) {
    case 'local':
      // A bare file name is looked up in the models folder; anything with a folder in it is relative to cwd.
      return /[\\/]/u.test(config.modelPath) ? { ...config, modelPath: path.resolve(cwd, config.modelPath) } : config;
    case 'scripted':
      return { ...config, file: path.resolve(cwd, config.file) };
    case 'openai':
      return config;
  }
}

/** The engine as the CLI and web mode run it: real clock, ids and RNG; folders from the CLI context. */
export interface CliEngineOptions {
  /** `--llm SPEC`: one provider for every stage during this run. */
  readonly llm?: string | undefined;
  readonly packDirs?: readonly string[];
  /** Web mode runs until stopped: it watches the user stories folder for packs. */
  readonly watchPacks?: boolean;
  /** The folder of the save a command names, when it is not in the saves folder. */
  readonly savesFolder?: string;
  /** Where packs were last played from, by id: a save's pack that is not installed is found there. */
  readonly playedPackFolders?: Readonly<Record<string, string>>;
}

export function createCliEngine(context: CliContext, options: CliEngineOptions = {}): Promise<Engine> {
  const spec = options.llm === undefined ? undefined : parseLlmSpec(options.llm, context.env);
  const override = spec === undefined ? undefined : resolveSpecPaths(spec.config, context.cwd);
  const apiKey =
    spec?.apiKey ??
    API_KEY_ENV_VARS.map((name) => context.env[name]).find((value) => value !== undefined && value !== '');
  return createEngine({
    llmOverride: override,
    extraPackDirs: options.packDirs ?? [],
    ...(options.playedPackFolders !== undefined && { playedPackFolders: options.playedPackFolders }),
    watchPacks: options.watchPacks ?? false,
    ports: {
      clock: systemClock,
      ids: randomIds,
      rng: rngFactory,
      roots: options.savesFolder === undefined ? context.roots : { ...context.roots, saves: options.savesFolder },
    },
    appVersion: readAppVersion(),
    platform: process.platform,
    // The environment's key carries no endpoint: the engine binds it to the one this run uses (see start-key.ts).
    apiKey: apiKey === undefined ? undefined : { key: apiKey },
  });
}
