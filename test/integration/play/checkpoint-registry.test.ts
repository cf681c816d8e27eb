import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_KINDS } from '../../../engine/store/index.ts';
import { CHECKPOINT_SCHEMAS } from '../../../engine/turn/index.ts';
import { readFixtureSave, replayFixture, type FixtureRun } from '../../support/playthrough.ts';

const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('the checkpoint registry', () => {
  it('names every kind a played save holds, and each checkpoint fits its kind’s schema', async () => {
    const run = await replayFixture('lantern-quay', 'arrival');
    runs.push(run);
    const store = await readFixtureSave(run);
    try {
      const written = kindsIn(store.path);
      expect(written.filter((kind) => !(CHECKPOINT_KINDS as readonly string[]).includes(kind))).toEqual([]);
      // The playthrough crosses a scene boundary: the turn's kinds and the boundary's are all there.
      expect(written).toEqual(expect.arrayContaining(['play_state', 'npc_state', 'truth', 'events_report']));
      const turns = [...new Set(store.turns().map((turn) => turn.number))];
      for (const kind of CHECKPOINT_KINDS) {
        for (const turn of turns) {
          const checkpoint = store.latestCheckpoint(kind, turn);
          if (checkpoint === null) continue;
          const parsed = CHECKPOINT_SCHEMAS[kind].safeParse(checkpoint.data);
          expect(parsed.error?.issues ?? [], `${kind} at turn ${turn}`).toEqual([]);
        }
      }
    } finally {
      store.close();
    }
  });
});

function kindsIn(file: string): string[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    const rows = sqlite.prepare('select distinct kind from checkpoints order by kind').all();
    return rows.map((row) => String((row as { kind: unknown }).kind));
  } finally {
    sqlite.close();
  }
}
