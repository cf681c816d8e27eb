import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngine, type Engine } from '../../engine/host/index.ts';
import { rootsFor } from '../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../engine/platform/testing.ts';

/** A real engine over a throwaway home folder, with deterministic ports. */
export async function createTempEngine(): Promise<{ engine: Engine; home: string; cleanup: () => Promise<void> }> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-test-'));
  const engine = await createEngine({
    ports: {
      clock: manualClock(),
      ids: countingIds(),
      rng: fixedSeedRng(),
      roots: rootsFor(home, path.join(home, 'builtin-stories')),
    },
    appVersion: '0.1.0',
    platform: 'linux',
  });
  return {
    engine,
    home,
    cleanup: async () => {
      await engine.dispose();
      await rm(home, { recursive: true, force: true });
    },
  };
}
