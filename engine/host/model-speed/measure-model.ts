import { readdir } from 'node:fs/promises';
import type { LocalProviderConfig } from '../../llm/index.ts';
import type * as LocalModule from '../../llm/local/index.ts';
import type { ModelBenchOptions, ModelBenchReport, TurnCost } from '../../llm/local/index.ts';
import { saveModelSpeed, type MeasuredSpeed, type StoryTurnEstimate } from '../../llm/models/index.ts';
import { playStoryFixture, type StoryTurns } from './story-turns.ts';

export interface MeasureModelOptions extends ModelBenchOptions {
  readonly config: LocalProviderConfig;
  /** The built-in stories, whose scripted playthroughs price a turn. */
  readonly builtinStories: string;
  /** Where the figures are kept for the model picker and the slow-generation warning. */
  readonly speedFile: string;
  /** The packs' engine ranges are checked against it. */
  readonly appVersion: string;
}

export interface ModelMeasurement {
  readonly report: ModelBenchReport;
  readonly saved: MeasuredSpeed;
  readonly modelPath: string;
}

/** Measures a local model, prices a turn of every built-in story at the measured rates, and records both. */
export async function measureModel(options: MeasureModelOptions): Promise<ModelMeasurement> {
  const local: typeof LocalModule = await import('../../llm/local/index.ts');
  const { config, builtinStories, speedFile, appVersion, ...benchOptions } = options;
  const report = await local.benchLocalModel(config, benchOptions);
  options.onStep?.('pricing a turn of each built-in story');
  const stories = await priceStories(local, report, builtinStories, appVersion);
  const saved = await saveModelSpeed(speedFile, report.modelPath, {
    measuredAt: new Date().toISOString(),
    threads: report.app.threads,
    promptTokensPerSecond: report.app.promptTokensPerSecond,
    generatedTokensPerSecond: report.app.generatedTokensPerSecond,
    parallel2Speedup: report.app.parallel.find((figure) => figure.sequences === 2)?.speedup ?? null,
    stories,
  });
  return { report, saved, modelPath: report.modelPath };
}

async function priceStories(
  local: typeof LocalModule,
  report: ModelBenchReport,
  builtinStories: string,
  appVersion: string,
): Promise<StoryTurnEstimate[]> {
  const played: StoryTurns[] = [];
  for (const packId of (await readdir(builtinStories)).sort()) {
    const story = await playStoryFixture(builtinStories, packId, appVersion);
    if (story !== null && story.turns.length > 0) played.push(story);
  }
  const tokenizer = await local.loadModelTokenizer(report.modelPath);
  try {
    return played.map((story) => {
      const kv = new local.PrefixSlots(report.sequences);
      const costs = story.turns.map((calls) => local.turnCost(calls, tokenizer, report.app, kv));
      return estimate(story, costs, local.median);
    });
  } finally {
    await tokenizer.dispose();
  }
}

function estimate(
  story: StoryTurns,
  costs: readonly TurnCost[],
  median: (values: readonly number[]) => number,
): StoryTurnEstimate {
  const of = (pick: (cost: TurnCost) => number) => median(costs.map(pick));
  return {
    packId: story.packId,
    title: story.title,
    typicalTurnSeconds: of((cost) => cost.seconds),
    longestTurnSeconds: Math.max(...costs.map((cost) => cost.seconds)),
    promptTokensPerTurn: of((cost) => cost.promptTokens),
    evaluatedTokensPerTurn: of((cost) => cost.evaluatedTokens),
    generatedTokensPerTurn: of((cost) => cost.generatedTokens),
    callsPerTurn: of((cost) => cost.calls),
  };
}
