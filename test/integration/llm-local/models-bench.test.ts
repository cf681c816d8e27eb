import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureModel, type ModelMeasurement } from '../../../engine/host/index.ts';
import { readModelSpeed, speedFileIn } from '../../../engine/llm/models/index.ts';
import { STORIES_DIR } from '../../support/packs.ts';
import { makeTinyModel, type TinyModel } from '../../support/tiny-model.ts';

describe('measuring a local model (models bench) on the tiny model', () => {
  let tiny: TinyModel;
  let home: string;
  let measured: ModelMeasurement;
  beforeAll(async () => {
    tiny = await makeTinyModel();
    home = await mkdtemp(join(tmpdir(), 'storyloom-bench-'));
    // One thread on both sides and short work: the figures are not the point here, the path is.
    measured = await measureModel({
      config: { kind: 'local', modelPath: tiny.path, gpu: 'cpu', threads: 1 },
      rawThreads: 1,
      rounds: 1,
      promptWords: 80,
      generatedTokens: 8,
      parallelSequences: [2],
      builtinStories: STORIES_DIR,
      speedFile: speedFileIn(home),
      appVersion: '0.1.0',
    });
  }, 180_000);
  afterAll(async () => {
    await tiny.cleanup();
    await rm(home, { recursive: true, force: true });
  });

  it('measures prompt processing and generation through the app and through node-llama-cpp directly', () => {
    const { report } = measured;
    for (const figures of [report.app, report.raw]) {
      expect(figures.threads).toBe(1);
      expect(figures.promptTokensPerSecond).toBeGreaterThan(0);
      expect(figures.generatedTokensPerSecond).toBeGreaterThan(0);
      expect(figures.parallel.map((figure) => figure.sequences)).toEqual([2]);
      expect(figures.parallel[0]?.speedup).toBeGreaterThan(0);
    }
    expect(report.generationRatio).toBeCloseTo(
      report.app.generatedTokensPerSecond / report.raw.generatedTokensPerSecond,
    );
  });

  it('prices a turn of every built-in story from its scripted playthrough', () => {
    const titles = measured.saved.stories.map((story) => story.title);
    expect(titles).toEqual(expect.arrayContaining(['Lantern Quay', 'The Bindery on Wren Lane']));
    for (const story of measured.saved.stories) {
      expect(story.callsPerTurn).toBeGreaterThan(1);
      expect(story.evaluatedTokensPerTurn).toBeLessThanOrEqual(story.promptTokensPerTurn);
      expect(story.typicalTurnSeconds).toBeGreaterThan(0);
      expect(story.longestTurnSeconds).toBeGreaterThanOrEqual(story.typicalTurnSeconds);
    }
  });

  it('keeps the figures for the model picker until the model file changes', async () => {
    const file = speedFileIn(home);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1 });
    const saved = await readModelSpeed(file, tiny.path);
    expect(saved?.generatedTokensPerSecond).toBe(measured.report.app.generatedTokensPerSecond);
    expect(await readModelSpeed(file, join(home, 'never-measured.gguf'))).toBeNull();
  });
});
