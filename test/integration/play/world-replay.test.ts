import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { initialPlayState, PLAY_STATE_CHECKPOINT, playStateFromCheckpoint } from '../../../engine/turn/index.ts';
import { eventsReportAt, initialEventState } from '../../../engine/turn/classify/index.ts';
import { replayLog, type WorldState } from '../../../engine/world/index.ts';
import { APP_VERSION } from '../../support/packs.ts';
import {
  goldenFixtures,
  readFixtureSave,
  replayFixture,
  STORIES_DIR,
  type FixtureRun,
} from '../../support/playthrough.ts';

// Every golden playthrough of a pack with a world: scene-state.md's Deterministic Replay, turn by turn.
const fixtures = goldenFixtures((packDir) => existsSync(path.join(packDir, 'world')));

const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('deterministic replay of the world (issue 23)', () => {
  it('has a golden playthrough with a world to replay', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('%s / %s: the initial world plus each turn’s change log is the saved world', async (id, name) => {
    const run = await replayFixture(id, name);
    runs.push(run);
    const { pack } = await loadPack(path.join(STORIES_DIR, id), { appVersion: APP_VERSION });
    if (pack === null) throw new Error(`${id} does not load`);
    const persona = pack.manifest.start.persona;
    let world: WorldState | null = initialEventState(pack, initialPlayState(pack, persona), persona).world;
    const store = await readFixtureSave(run);
    try {
      const turns = [...new Set(store.turns().map((turn) => turn.number))];
      expect(turns.length).toBeGreaterThan(3);
      for (const turn of turns) {
        const report = eventsReportAt(store, turn);
        const saved = playStateFromCheckpoint(store.latestCheckpoint(PLAY_STATE_CHECKPOINT, turn)?.data, store.path);
        if (report === null || world === null) continue;
        const replayed = replayLog(world, report.worldLog);
        expect(replayed.rejected, `turn ${turn}`).toEqual([]);
        expect(JSON.stringify(replayed.world.state), `turn ${turn}`).toBe(JSON.stringify(saved.events?.world));
        world = saved.events?.world ?? null;
      }
    } finally {
      store.close();
    }
  });
});
