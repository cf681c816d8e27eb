// Lore benchmarks (issue 13): activation of a large lorebook over the recent stream, with SillyTavern World Info
// semantics, must cost next to nothing per stage call (goal ≤ 2 ms for 5,000 entries over a 20-message window).
import { activateLore, compileLore } from '../../engine/storykeeper/index.ts';
import { syntheticLorebook, syntheticWindow } from '../support/synthetic-lorebook.ts';
import { atMost, median, round, type Benchmark, type BenchmarkResult } from './types.ts';

const ENTRIES = 5_000;
const WINDOW = 20;
const SAMPLES = 200;
const WARM_UP = 20;

const activationBenchmark: Benchmark = {
  key: 'lore.activate_5000_entries_ms',
  run: async (): Promise<BenchmarkResult> => {
    const book = syntheticLorebook(ENTRIES);
    const compileStarted = performance.now();
    const matcher = compileLore(book, { caseSensitive: false, wholeWords: true });
    const compileMs = performance.now() - compileStarted;
    const messages = syntheticWindow(ENTRIES, WINDOW);
    const options = { scanDepth: WINDOW, recursionDepth: 2, audiences: new Set(['world']) };
    let activated = 0;
    // The first activation also finds what each activated entry's text names (remembered for recursion after).
    const firstStarted = performance.now();
    activateLore(matcher, messages, options);
    const firstMs = performance.now() - firstStarted;
    for (let i = 0; i < WARM_UP; i++) activateLore(matcher, messages, options);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      activated = activateLore(matcher, messages, options).length;
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      median: round(median(times)),
      unit: 'ms',
      p90: round(sorted[Math.floor(sorted.length * 0.9)] ?? 0),
      ...atMost(2),
      entries: ENTRIES,
      windowMessages: WINDOW,
      windowChars: messages.join('\n').length,
      activated,
      compileMs: round(compileMs),
      firstMs: round(firstMs),
    };
  },
};

export const benchmarks: readonly Benchmark[] = [activationBenchmark];
