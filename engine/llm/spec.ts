import { z } from 'zod';
import {
  localProviderConfigSchema,
  openaiProviderConfigSchema,
  scriptedProviderConfigSchema,
  type ProviderConfig,
} from './config.ts';
import { LlmError } from './types.ts';

/** The spec forms, for usage texts and error messages. */
export const LLM_SPEC_FORMS = 'local:<model.gguf>, openai:<baseURL>#<model> or scripted:<file.yaml>';

/** The environment variables an openai spec takes its key from, first found wins. */
export const API_KEY_ENV_VARS = ['STORYLOOM_API_KEY', 'OPENAI_API_KEY'] as const;

export interface ParsedLlmSpec {
  readonly config: ProviderConfig;
  /** For openai specs, the key found in the environment (never part of the config, which may be saved or shown). */
  readonly apiKey?: string;
}

/**
 * Parses a spec string from the command line or settings: `local:<path.gguf>`, `openai:<baseURL>#<model>`,
 * `scripted:<file.yaml>`. The environment is passed in (the engine does not read process.env).
 */
export function parseLlmSpec(spec: string, env: Readonly<Record<string, string | undefined>> = {}): ParsedLlmSpec {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const rest = colon < 0 ? '' : spec.slice(colon + 1).trim();
  const fail = (reason: string): LlmError =>
    new LlmError('config', `invalid LLM spec ${JSON.stringify(spec)}: ${reason}; expected ${LLM_SPEC_FORMS}`);

  switch (kind) {
    case 'local': {
      if (!/\.gguf$/iu.test(rest)) throw fail('a local model is a .gguf file path');
      return { config: localProviderConfigSchema.parse({ kind: 'local', modelPath: rest }) };
    }
    case 'openai': {
      const hash = rest.indexOf('#');
      const baseURL = hash < 0 ? rest : rest.slice(0, hash).trim();
      const model = hash < 0 ? '' : rest.slice(hash + 1).trim();
      if (!/^https?:\/\//iu.test(baseURL)) throw fail('the base URL must start with http:// or https://');
      if (model === '') throw fail('the model is missing after "#"');
      const parsed = openaiProviderConfigSchema.safeParse({ kind: 'openai', baseURL, model });
      if (!parsed.success) throw fail(z.prettifyError(parsed.error).replace(/\s+/gu, ' '));
      const apiKey = API_KEY_ENV_VARS.map((name) => env[name]).find((value) => value !== undefined && value !== '');
      return apiKey === undefined ? { config: parsed.data } : { config: parsed.data, apiKey };
    }
    case 'scripted': {
      if (!/\.ya?ml$/iu.test(rest)) throw fail('a script is a .yaml file path');
      return { config: scriptedProviderConfigSchema.parse({ kind: 'scripted', file: rest }) };
    }
    default:
      throw fail(colon < 0 ? 'it has no kind prefix' : `unknown kind ${JSON.stringify(kind)}`);
  }
}

/** The spec string of a config (settings other than the spec's parts, such as timeouts, are not part of it). */
export function formatLlmSpec(config: ProviderConfig): string {
  switch (config.kind) {
    case 'local':
      return `local:${config.modelPath}`;
    case 'openai':
      return `openai:${config.baseURL}#${config.model}`;
    case 'scripted':
      return `scripted:${config.file}`;
  }
}
