import type { LocalProviderConfig } from '../../config.ts';
import { createLocalProvider } from '../local-provider.ts';
import type { LocalProviderOptions } from '../runtime.ts';
import { processParallelism } from '../threads.ts';
import { appRunner } from './app-runner.ts';
import { measureSpeed, type MeasureOptions, type SpeedFigures } from './measure.ts';
import { rawRunner } from './raw-runner.ts';

export interface ModelBenchOptions extends Partial<MeasureOptions> {
  /** Options for the app's provider (a models folder, a thread override); its defaults are the app's own. */
  readonly provider?: LocalProviderOptions;
  /** Threads of the bare node-llama-cpp run; default the cores this process may use. */
  readonly rawThreads?: number;
}

export interface ModelBenchReport {
  readonly model: string;
  /** The model file, resolved against the models folder. */
  readonly modelPath: string;
  readonly availableParallelism: number;
  /** KV sequences the app's provider keeps (sized to the free memory): what a turn's prompts are priced against. */
  readonly sequences: number;
  /** Through the app's own local provider, with the app's own default settings. */
  readonly app: SpeedFigures;
  /** The same work through node-llama-cpp directly. */
  readonly raw: SpeedFigures;
  /** app ÷ raw. */
  readonly promptRatio: number;
  readonly generationRatio: number;
}

const DEFAULTS: MeasureOptions = { rounds: 3, promptWords: 750, generatedTokens: 48, parallelSequences: [2, 4] };

/**
 * `storyloom models bench`: the project's own llama-bench. The two runs take turns on the model file rather than
 * overlapping, so neither measures the other.
 */
export async function benchLocalModel(
  config: LocalProviderConfig,
  options: ModelBenchOptions = {},
): Promise<ModelBenchReport> {
  const { provider: providerOptions = {}, rawThreads, ...overrides } = options;
  const measure: MeasureOptions = { ...DEFAULTS, ...definedOnly(overrides) };
  const parallelism = providerOptions.availableParallelism ?? processParallelism();
  const sequences = Math.max(1, ...measure.parallelSequences);
  const provider = await createLocalProvider(config, providerOptions);
  let app: SpeedFigures;
  try {
    app = await measureSpeed(appRunner(provider), withPrefix(measure, 'app'));
  } finally {
    await provider.dispose();
  }
  const raw = await rawRunner(provider.modelPath, rawThreads ?? parallelism, sequences);
  try {
    const bare = await measureSpeed(raw, withPrefix(measure, 'node-llama-cpp'));
    return {
      model: provider.model,
      modelPath: provider.modelPath,
      availableParallelism: parallelism,
      sequences: provider.sequences,
      app,
      raw: bare,
      promptRatio: ratio(app.promptTokensPerSecond, bare.promptTokensPerSecond),
      generationRatio: ratio(app.generatedTokensPerSecond, bare.generatedTokensPerSecond),
    };
  } finally {
    await raw.dispose();
  }
}

function withPrefix(options: MeasureOptions, prefix: string): MeasureOptions {
  const { onStep } = options;
  return onStep === undefined ? options : { ...options, onStep: (step) => onStep(`${prefix}: ${step}`) };
}

function definedOnly(options: Partial<MeasureOptions>): Partial<MeasureOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function ratio(value: number, reference: number): number {
  return reference <= 0 ? 0 : value / reference;
}
