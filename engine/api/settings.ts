import { z } from 'zod';
import { routingConfigSchema } from './provider-config.ts';

/** The user's settings file (`settings.json` in the user-data folder). Versioned so later formats can migrate it. */
export const settingsSchema = z.strictObject({
  version: z.literal(1).default(1),
  llm: routingConfigSchema.default({ default: null, stages: {} }),
  appearance: z
    .strictObject({
      theme: z.enum(['light', 'dark', 'sepia']).default('light'),
      font: z.enum(['serif', 'sans', 'mono']).default('serif'),
      fontSize: z.number().int().min(12).max(28).default(18),
    })
    .default({ theme: 'light', font: 'serif', fontSize: 18 }),
  play: z
    .strictObject({
      /** The Narrator's suggested next actions under the latest prose (a pack may turn them off for itself). */
      choices: z.boolean().default(true),
      /**
       * Put the next turn's Narrator prompt through a local model while the player reads, so its prose starts sooner,
       * then the Chronicler's, for a scene's close; it keeps the processor busy between turns, which a laptop on
       * battery may not want.
       */
      warmUp: z.boolean().default(true),
    })
    .default({ choices: true, warmUp: true }),
});

export type Settings = z.infer<typeof settingsSchema>;

/**
 * Brings a settings file written by an earlier release up to today's shape before it is validated. Local providers
 * once had `maxThreads`, where 0 meant node-llama-cpp's own default, which oversubscribes small machines: 0 becomes
 * "auto", any other count is kept as `threads`.
 */
export function upgradeSettingsJson(raw: unknown): unknown {
  if (!isRecord(raw) || !isRecord(raw['llm'])) return raw;
  const llm = raw['llm'];
  const stages = isRecord(llm['stages'])
    ? Object.fromEntries(Object.entries(llm['stages']).map(([stage, config]) => [stage, upgradeProvider(config)]))
    : llm['stages'];
  return { ...raw, llm: { ...llm, default: upgradeProvider(llm['default']), stages } };
}

function upgradeProvider(config: unknown): unknown {
  if (!isRecord(config) || config['kind'] !== 'local' || !('maxThreads' in config)) return config;
  const { maxThreads, ...rest } = config;
  if ('threads' in rest) return rest;
  return { ...rest, threads: typeof maxThreads === 'number' && maxThreads > 0 ? maxThreads : 'auto' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const defaultSettings = (): Settings => settingsSchema.parse({});
