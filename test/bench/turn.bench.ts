import { performance } from 'node:perf_hooks';
import type { Benchmark } from './types.ts';
import { median, round } from './types.ts';
import { createInstantProvider } from '../support/instant-provider.ts';
import { startPlay, unwrap } from '../support/playthrough.ts';

const TURNS = 200;
const WARMUP = 20;

/** `turn.engine_overhead_ms`: a whole turn on the port pack with a zero-latency provider — everything but the model. */
async function engineOverhead() {
  const provider = createInstantProvider();
  const setup = await startPlay(async () => provider);
  try {
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 11 }));
    const samples: number[] = [];
    const stagesPerTurn: number[] = [];
    for (let turn = 0; turn < TURNS + WARMUP; turn++) {
      const before = setup.events.length;
      const started = performance.now();
      const result = unwrap(
        await setup.api['play.submit']({ saveId: save.id, text: `I look around the taproom (${turn}).` }),
      );
      const elapsed = performance.now() - started;
      if (result.kind !== 'turn') throw new Error(`turn ${turn} did not commit: ${JSON.stringify(result)}`);
      if (turn >= WARMUP) {
        samples.push(elapsed);
        stagesPerTurn.push(setup.events.slice(before).filter((event) => event.type === 'stage.finished').length);
      }
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      median: round(median(samples)),
      unit: 'ms',
      goal: 5,
      p90: round(sorted[Math.floor(sorted.length * 0.9)] ?? 0),
      turns: samples.length,
      stageCallsPerTurn: median(stagesPerTurn),
    };
  } finally {
    await setup.cleanup();
  }
}

export const benchmarks: Benchmark[] = [{ key: 'turn.engine_overhead_ms', run: engineOverhead }];
