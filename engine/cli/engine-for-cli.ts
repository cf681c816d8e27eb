import { createEngine, type Engine } from '../host/index.ts';
import { systemClock, randomIds, rngFactory } from '../platform/node.ts';
import type { CliContext } from './command.ts';
import { readAppVersion } from './install-paths.ts';

/** The engine as the CLI and web mode run it: real clock, ids and RNG; folders from the CLI context. */
export function createCliEngine(context: CliContext): Promise<Engine> {
  return createEngine({
    ports: { clock: systemClock, ids: randomIds, rng: rngFactory, roots: context.roots },
    appVersion: readAppVersion(),
    platform: process.platform,
    apiKey: context.env['STORYLOOM_API_KEY'] ?? context.env['OPENAI_API_KEY'],
  });
}
