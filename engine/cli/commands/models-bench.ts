import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureModel, type ModelMeasurement } from '../../host/index.ts';
import { speedFileIn } from '../../llm/models/index.ts';
import { errorMessage, describeWait, threadsSettingSchema, type ThreadsSetting } from '../../api/index.ts';
import { UsageError, type CliContext } from '../command.ts';
import { readAppVersion } from '../install-paths.ts';

/**
 * `storyloom models bench <model> [--threads N] [--rounds N] [--json]`: the app's own provider with the app's own
 * settings against node-llama-cpp directly, alone and with concurrent sequences, and what a turn of each built-in
 * story costs here. The figures are kept for the model picker and the slow-generation warning.
 */
export async function benchModel(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseBenchArgs(args);
  const model = positionals[0] ?? '';
  const threads = parseThreads(values.threads);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new UsageError('--rounds must be 1–50');
  const modelPath = /[\\/]/u.test(model) ? resolve(context.cwd, model) : model;
  const json = values.json === true;
  const measurement = await measureModel({
    config: { kind: 'local', modelPath, gpu: 'auto', threads },
    provider: context.roots.models[0] === undefined ? {} : { modelsDir: context.roots.models[0] },
    builtinStories: context.roots.builtinStories,
    speedFile: speedFileIn(context.roots.home),
    appVersion: readAppVersion(),
    rounds,
    onStep: (step) => context.io.stderr(`${step}…\n`),
  });
  context.io.stdout(json ? `${JSON.stringify(asJson(measurement), null, 2)}\n` : describeMeasurement(measurement));
  return 0;
}

function parseBenchArgs(args: readonly string[]) {
  try {
    const parsed = parseArgs({
      args: [...args],
      options: {
        threads: { type: 'string', default: 'auto' },
        rounds: { type: 'string', default: '3' },
        json: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.positionals.length !== 1)
      throw new UsageError('which model? a .gguf path or a file in the models folder');
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(errorMessage(error));
  }
}

function parseThreads(value: string | undefined): ThreadsSetting {
  const parsed = threadsSettingSchema.safeParse(value === 'auto' || value === undefined ? 'auto' : Number(value));
  if (!parsed.success) throw new UsageError(`--threads must be "auto" or a whole number 1–512, not "${value}"`);
  return parsed.data;
}

function asJson({ report, saved, modelPath }: ModelMeasurement) {
  return { ...report, modelPath, stories: saved.stories };
}

function describeMeasurement({ report, saved }: ModelMeasurement): string {
  const row = (label: string, figures: typeof report.app) =>
    [
      label.padEnd(26),
      String(figures.threads).padStart(7),
      figures.promptTokensPerSecond.toFixed(1).padStart(13),
      figures.generatedTokensPerSecond.toFixed(1).padStart(16),
      ...figures.parallel.map((figure) => `${figure.speedup.toFixed(2)}×`.padStart(11)),
    ].join('');
  const lines = [
    `${report.model} — ${report.availableParallelism} cores available to Storyloom`,
    [
      ''.padEnd(26),
      'threads'.padStart(7),
      'prompt tok/s'.padStart(13),
      'generated tok/s'.padStart(16),
      ...report.app.parallel.map((figure) => `${figure.sequences} at once`.padStart(11)),
    ].join(''),
    row('Storyloom (its defaults)', report.app),
    row('node-llama-cpp directly', report.raw),
    `${'Storyloom ÷ directly'.padEnd(33)}${report.promptRatio.toFixed(2).padStart(13)}${report.generationRatio
      .toFixed(2)
      .padStart(16)}`,
    `("N at once": N concurrent generations' total tokens/s ÷ the same calls one after another)`,
    '',
    'A turn here (its calls one after another, from the story’s scripted playthrough):',
    ...saved.stories.map(
      (story) =>
        `  ${story.title}: ≈ ${describeWait(story.typicalTurnSeconds)} a turn, up to ${describeWait(story.longestTurnSeconds)} ` +
        `(${story.callsPerTurn} calls, ${Math.round(story.evaluatedTokensPerTurn)} of ${Math.round(
          story.promptTokensPerTurn,
        )} prompt tokens to process, ${Math.round(story.generatedTokensPerTurn)} to write)`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
