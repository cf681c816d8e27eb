// Storykeeper benchmarks: the per-turn Tier 3 assembly (score + trim) against a cached landscape, and the landscape
// precompute that runs at scene entry and whenever a gate opens (gravitational-context-assembly.md, Practical
// Implications: composite scoring and budget allocation ~1–2 ms each; the gravitational query ~5–10 ms).
import { assembleRetrievedTier, precomputeLandscape } from '../../engine/storykeeper/index.ts';
import { syntheticCandidates } from '../unit/storykeeper/synthetic-candidates.ts';
import { syntheticPlay, syntheticStory } from '../unit/storykeeper/synthetic-story.ts';
import { atMost, median, round, type Benchmark, type BenchmarkResult } from './types.ts';

const ASSEMBLY_SCENES = 50;
const ASSEMBLY_CANDIDATES = 100;
const ASSEMBLY_SAMPLES = 1_000;
const PRECOMPUTE_SCENES = 200;
const PRECOMPUTE_SAMPLES = 200;
const WARM_UP = 50;

/** Times `work` after a warm-up; the median and p90 in milliseconds. */
function measure(samples: number, work: () => unknown): { median: number; p90: number } {
  for (let i = 0; i < WARM_UP; i++) work();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p90: sorted[Math.floor(sorted.length * 0.9)] ?? 0 };
}

const assemblyBenchmark: Benchmark = {
  key: 'context.assembly_100_ms',
  run: async (): Promise<BenchmarkResult> => {
    const story = syntheticStory(ASSEMBLY_SCENES);
    const { position, oracles } = syntheticPlay(story);
    const landscape = precomputeLandscape(story, position, oracles);
    const candidates = syntheticCandidates(story, ASSEMBLY_CANDIDATES);
    let selected = 0;
    const timing = measure(ASSEMBLY_SAMPLES, () => {
      selected = assembleRetrievedTier(candidates, landscape, { temperature: 'high', budget: 600 }).selected.length;
    });
    return {
      median: round(timing.median, 4),
      unit: 'ms',
      ...atMost(5),
      p90: round(timing.p90, 4),
      scenes: ASSEMBLY_SCENES,
      candidates: ASSEMBLY_CANDIDATES,
      selected,
      samples: ASSEMBLY_SAMPLES,
    };
  },
};

const precomputeBenchmark: Benchmark = {
  key: 'landscape.precompute_200_ms',
  run: async (): Promise<BenchmarkResult> => {
    const story = syntheticStory(PRECOMPUTE_SCENES);
    const { position, oracles } = syntheticPlay(story);
    let attractor: string | null = null;
    const timing = measure(PRECOMPUTE_SAMPLES, () => {
      attractor = precomputeLandscape(story, position, oracles).strongestAttractor?.id ?? null;
    });
    return {
      median: round(timing.median, 4),
      unit: 'ms',
      ...atMost(10),
      p90: round(timing.p90, 4),
      scenes: PRECOMPUTE_SCENES,
      subGraphs: story.subGraphs.length,
      prophecies: story.prophecies.length,
      gates: story.scenes.reduce((sum, scene) => sum + scene.gates.length, 0),
      strongestAttractor: attractor,
      samples: PRECOMPUTE_SAMPLES,
    };
  },
};

export const benchmarks: Benchmark[] = [assemblyBenchmark, precomputeBenchmark];
