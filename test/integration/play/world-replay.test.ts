import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { initialPlayState, PLAY_STATE_CHECKPOINT, playStateFromCheckpoint } from '../../../engine/turn/index.ts';
import { eventsReportAt, initialEventState } from '../../../engine/turn/classify/index.ts';
import { replayLog, type LogEntry, type WorldState } from '../../../engine/world/index.ts';
import { APP_VERSION } from '../../support/packs.ts';
import {
  goldenFixtures,
  readFixtureSave,
  replayFixture,
  STORIES_DIR,
  type FixtureRun,
} from '../../support/playthrough.ts';

// Every golden playthrough: scene-state.md's Deterministic Replay, turn by turn, scene boundaries included.
const fixtures = goldenFixtures();

const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('deterministic replay of the world (issue 23)', () => {
  it('has golden playthroughs to replay, one with a world and a scene boundary', () => {
    expect(fixtures.length).toBeGreaterThan(1);
  });

  it.each(fixtures)(
    '%s / %s: the initial world plus every turn’s and boundary’s log is the saved world, turn by turn',
    async (id, name) => {
      const run = await replayFixture(id, name);
      runs.push(run);
      const { pack } = await loadPack(path.join(STORIES_DIR, id), { appVersion: APP_VERSION });
      if (pack === null) throw new Error(`${id} does not load`);
      const persona = pack.manifest.start.persona;
      const initial = initialEventState(pack, initialPlayState(pack, persona), persona).world;
      const store = await readFixtureSave(run);
      try {
        const turns = [...new Set(store.turns().map((turn) => turn.number))];
        expect(turns.length).toBeGreaterThan(3);
        // Never re-seeded from a save: whatever changed the world outside a log would show up here.
        let world: WorldState | null = initial;
        const ids: string[] = [];
        for (const turn of turns) {
          const saved = playStateFromCheckpoint(store.latestCheckpoint(PLAY_STATE_CHECKPOINT, turn)?.data, store.path);
          if (world === null) {
            expect(saved.events?.world ?? null, `turn ${turn}: a pack without a world saves none`).toBeNull();
            continue;
          }
          const turnLog = eventsReportAt(store, turn)?.worldLog ?? [];
          // The boundary that closed the scene after this turn logged its own changes (a later command turn may carry
          // that log on: its entries' turn says whose it is).
          const boundaryLog = (saved.events?.boundaryLog ?? []).filter((entry) => entry.turn === turn);
          for (const log of [turnLog, boundaryLog]) {
            const replayed = replayLog(world, log);
            expect(replayed.rejected, `turn ${turn}`).toEqual([]);
            expect(replayed.world.log, `turn ${turn}: the entries replay with their ids`).toEqual(log);
            world = replayed.world.state;
          }
          ids.push(...[...turnLog, ...boundaryLog].map((entry: LogEntry) => entry.id));
          expect(JSON.stringify(world), `turn ${turn}`).toBe(JSON.stringify(saved.events?.world));
        }
        expect(new Set(ids).size, 'log entry ids are unique within the save').toBe(ids.length);
      } finally {
        store.close();
      }
    },
  );
});
