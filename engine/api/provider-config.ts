import { z } from 'zod';
import { STAGE_KINDS } from './stages.ts';

/** How one provider is reached. API keys are never part of this: they come from the OS keychain or the environment. */
/** CPU threads for local inference: "auto" uses the cores this process may really use, never more. */
export const threadsSettingSchema = z.union([z.literal('auto'), z.number().int().min(1).max(512)]);
export type ThreadsSetting = z.infer<typeof threadsSettingSchema>;

export const localProviderConfigSchema = z.strictObject({
  kind: z.literal('local'),
  /** Absolute path of a .gguf file, or a path relative to the models folder. */
  modelPath: z.string().min(1),
  gpu: z.enum(['auto', 'cpu']).default('auto'),
  threads: threadsSettingSchema.default('auto'),
  contextSize: z.number().int().min(256).optional(),
});

/**
 * Credentials written into a base URL (`https://user:pass@host/v1`) would be stored in settings and repeated in every
 * error message, stage log and save that names the endpoint, so they are refused: the secret belongs in the API key.
 */
export const BASE_URL_CREDENTIALS_PROBLEM =
  'the base URL must not contain a user name or password (user:pass@); enter the secret as the API key instead';

export const baseUrlSchema = z
  .url({ protocol: /^https?$/u, error: 'the base URL must be a valid http:// or https:// URL' })
  .refine((value) => {
    const url = URL.parse(value);
    return url === null || (url.username === '' && url.password === '');
  }, BASE_URL_CREDENTIALS_PROBLEM);

export const openaiProviderConfigSchema = z.strictObject({
  kind: z.literal('openai'),
  baseURL: baseUrlSchema,
  model: z.string().min(1),
  /** json_schema where the server supports it; json_object falls back to JSON mode with validation and one repair. */
  structuredOutput: z.enum(['auto', 'json_schema', 'json_object']).default('auto'),
  timeoutMs: z.number().int().positive().default(120_000),
  maxRetries: z.number().int().min(0).max(10).default(3),
  /** The server's context window in tokens, which every prompt is fitted to; 8,192 when unset. */
  contextTokens: z.number().int().min(512).optional(),
});

export const scriptedProviderConfigSchema = z.strictObject({
  kind: z.literal('scripted'),
  file: z.string().min(1),
});

export const providerConfigSchema = z.discriminatedUnion('kind', [
  localProviderConfigSchema,
  openaiProviderConfigSchema,
  scriptedProviderConfigSchema,
]);

export type LocalProviderConfig = z.infer<typeof localProviderConfigSchema>;
export type OpenAiProviderConfig = z.infer<typeof openaiProviderConfigSchema>;
export type ScriptedProviderConfig = z.infer<typeof scriptedProviderConfigSchema>;
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** The stage kinds one `simulation` kind was split into; settings written before the split route all of them. */
const SPLIT_SIMULATION_STAGES = ['intent_check', 'standalone_simulation', 'cohort_moderator', 'cohort_member'] as const;

/** Settings saved when the boundary's simulation calls shared one `simulation` stage: its override serves each part. */
function splitLegacySimulation(stages: unknown): unknown {
  if (typeof stages !== 'object' || stages === null || !Object.hasOwn(stages, 'simulation')) return stages;
  const { simulation, ...rest }: Record<string, unknown> = { ...stages };
  return { ...Object.fromEntries(SPLIT_SIMULATION_STAGES.map((stage) => [stage, simulation])), ...rest };
}

/** Per-stage routing: one default provider, optional overrides per stage kind. */
export const routingConfigSchema = z.strictObject({
  default: providerConfigSchema.nullable().default(null),
  stages: z.preprocess(splitLegacySimulation, z.partialRecord(z.enum(STAGE_KINDS), providerConfigSchema).default({})),
});
export type RoutingConfig = z.infer<typeof routingConfigSchema>;
