import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSave } from '../../../engine/store/index.ts';
import { PLAY_STATE_CHECKPOINT } from '../../../engine/turn/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { replayFixture, STORIES_DIR, type FixtureRun } from '../../support/playthrough.ts';

// Every built-in pack ships scripted playthroughs; each is replayed and its exact stream, states and lore compared
// with a committed golden file. A change in the turn pipeline that alters any of them shows up here as a diff.
const fixtures = readdirSync(STORIES_DIR).flatMap((pack) => {
  const dir = path.join(STORIES_DIR, pack, 'fixtures');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.inputs'))
    .map((file) => [pack, file.replace(/\.inputs$/u, '')] as const);
});

const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('golden scripted playthroughs', () => {
  it('exist for every built-in pack', () => {
    const packs = readdirSync(STORIES_DIR).filter((pack) => existsSync(path.join(STORIES_DIR, pack, 'story.yaml')));
    expect(new Set(fixtures.map(([pack]) => pack))).toEqual(new Set(packs));
  });

  it.each(fixtures)('%s / %s replays to the golden stream, states and lore', async (pack, name) => {
    const run = await replayFixture(pack, name);
    runs.push(run);
    const failures = run.results.filter((result) => result.kind === 'failed');
    expect(failures).toEqual([]);
    run.provider.assertExhausted();

    const store = await openSave(path.join(run.setup.home, 'saves', run.saveId), {
      clock: manualClock(),
      appVersion: '0.1.0',
    });
    const stream = store
      .messagesBefore(null, 100_000)
      .map((m) => `${m.turnNumber}.${m.seq} ${m.owner} ${m.type}${m.mood ? ` (${m.mood})` : ''}: ${m.content}`);
    const state = store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data;
    store.close();
    const golden = [...stream, '', '# play state after the last turn', JSON.stringify(state, null, 2), ''].join('\n');
    await expect(golden).toMatchFileSnapshot(`../../fixtures/golden/${pack}.${name}.txt`);
  });
});
