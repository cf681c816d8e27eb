import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import type { EngineEvent } from '../../../engine/api/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let home: string;
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.dispose();
  await rm(home, { recursive: true, force: true });
});

describe('the user stories folder', () => {
  it('is watched: a pack dropped in is listed without a restart, and clients are told', async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-watch-'));
    const roots = rootsFor(home, path.join(home, 'no-builtin'));
    await mkdir(roots.userStories, { recursive: true });
    engine = await createEngine({
      ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots },
      appVersion: '0.1.0',
      platform: 'linux',
      watchPacks: true,
    });
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    expect(await engine.handlers['packs.list']({})).toEqual([]);

    await cp(path.join(STORIES_DIR, 'tutorial'), path.join(roots.userStories, 'tutorial'), { recursive: true });
    await expect.poll(() => events.some((event) => event.type === 'packs.changed'), { timeout: 5_000 }).toBe(true);
    expect((await engine.handlers['packs.list']({})).map((pack) => pack.id)).toEqual(['tutorial']);
  });
});
