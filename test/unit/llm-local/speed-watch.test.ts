import { describe, expect, it } from 'vitest';
import { GenerationSpeedWatch } from '../../../engine/llm/local/speed-watch.ts';
import type { LlmUsage, SlowGeneration } from '../../../engine/llm/types.ts';

/** A call that wrote `tokens` tokens at `perSecond` after a 100 ms first token. */
const usage = (perSecond: number, tokens = 41): LlmUsage => ({
  promptTokens: 100,
  cachedPromptTokens: 0,
  generatedTokens: tokens,
  timeToFirstTokenMs: 100,
  totalMs: 100 + ((tokens - 1) * 1000) / perSecond,
});

function watch() {
  const notices: SlowGeneration[] = [];
  const speed = new GenerationSpeedWatch({ tokensPerSecond: 20, threads: 2, model: 'm' }, (n) => notices.push(n));
  const solo = (perSecond: number, tokens?: number) => speed.end(speed.begin(), usage(perSecond, tokens));
  return { speed, notices, solo };
}

describe('the slow-generation watch', () => {
  it('warns once when solo calls run under half the measured speed, and again only after recovering', () => {
    const { notices, solo } = watch();
    solo(19);
    solo(12);
    solo(5);
    expect(notices).toHaveLength(0); // the median of the last three, 12, is over half of 20
    solo(5);
    expect(notices).toEqual([{ model: 'm', tokensPerSecond: 5, expectedTokensPerSecond: 20, threads: 2 }]);
    solo(4);
    expect(notices).toHaveLength(1);
    solo(19);
    solo(19);
    solo(3);
    solo(3);
    expect(notices).toHaveLength(2);
  });

  it('never judges calls that overlapped another (they share the cores by design) or wrote too little', () => {
    const { speed, notices, solo } = watch();
    for (let round = 0; round < 4; round++) {
      const first = speed.begin();
      const second = speed.begin();
      speed.end(first, usage(2));
      speed.end(second, usage(2));
    }
    for (let round = 0; round < 4; round++) solo(2, 8);
    expect(notices).toHaveLength(0);
  });
});
