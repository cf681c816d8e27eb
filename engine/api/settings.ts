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
});

export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings = (): Settings => settingsSchema.parse({});
