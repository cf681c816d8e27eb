import type { MeasuredModelSpeed } from '../../engine/api/index.ts';

/** What `storyloom models bench` records for a model measured at ≈ 18 tokens/s, a Lantern Quay turn ≈ 2 minutes. */
export function measuredSpeed(file: { readonly size: number; readonly mtimeMs: number }): MeasuredModelSpeed {
  return {
    sizeBytes: file.size,
    modifiedMs: file.mtimeMs,
    measuredAt: '2026-11-25T17:00:00.000Z',
    threads: 2,
    promptTokensPerSecond: 246,
    generatedTokensPerSecond: 17.6,
    parallel2Speedup: 1.7,
    stories: [
      {
        packId: 'lantern-quay',
        title: 'Lantern Quay',
        typicalTurnSeconds: 126,
        longestTurnSeconds: 300,
        promptTokensPerTurn: 23000,
        evaluatedTokensPerTurn: 9000,
        generatedTokensPerTurn: 860,
        callsPerTurn: 15,
      },
    ],
  };
}
