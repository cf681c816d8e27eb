import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import type { TruthView } from '../../../engine/api/index.ts';
import { buildTruthView } from '../../../engine/inspect/index.ts';
import { PLAY_STATE_CHECKPOINT, playStateFromCheckpoint } from '../../../engine/turn/index.ts';
import {
  goldenFixtures,
  readFixtureSave,
  replayFixture,
  STORIES_DIR,
  type FixtureRun,
} from '../../support/playthrough.ts';

// Every built-in pack ships scripted playthroughs; each is replayed and its exact stream, states and lore compared
// with a committed golden file. A change in the turn pipeline that alters any of them shows up here as a diff.
const fixtures = goldenFixtures();

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

    const store = await readFixtureSave(run);
    const stream = store
      .messagesBefore(null, 100_000)
      .map((m) => `${m.turnNumber}.${m.seq} ${m.owner} ${m.type}${m.mood ? ` (${m.mood})` : ''}: ${m.content}`);
    const state = playStateFromCheckpoint(store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data, store.path);
    const storyPack = await packOf(pack);
    const truth = truthLines(buildTruthView(store, storyPack));
    const turns = [...new Set(store.turns().map((turn) => turn.number))];
    const worldChanges = turns.flatMap((turn) =>
      (buildTruthView(store, storyPack, turn).classification?.worldChanges ?? []).map((line) => `${turn}: ${line}`),
    );
    store.close();
    // The world's whole state is long and says little; the changes each turn made to it say what happened.
    const { world: _world, ...events } = state.events ?? { world: null };
    const golden = [
      ...stream,
      '',
      '# play state after the last turn',
      JSON.stringify({ ...state, events }, null, 2),
      '',
      '# truth set after the last turn',
      ...truth,
      '',
      '# world changes, turn by turn',
      ...worldChanges,
      '',
    ].join('\n');
    await expect(golden).toMatchFileSnapshot(`../../fixtures/golden/${pack}.${name}.txt`);
  });
});

async function packOf(id: string): Promise<StoryPack> {
  const { pack } = await loadPack(path.join(STORIES_DIR, id), { appVersion: '0.1.0' });
  if (pack === null) throw new Error(`the built-in pack ${id} does not load`);
  return pack;
}

function truthLines(view: TruthView): string[] {
  return [
    ...view.factual.map((entry) => `fact ${entry.key} (turn ${entry.sinceTurn})`),
    ...view.interpretive.map(
      (entry) => `judged ${entry.key} ${entry.confidence} ${entry.standing} (turn ${entry.sinceTurn})`,
    ),
    ...view.accumulators.map((entry) => `accumulator ${entry.key} = ${entry.value}`),
    ...view.triggers.map(
      (trigger) =>
        `trigger ${trigger.id}: ${trigger.active ? 'active' : 'spent'}, last fired ${trigger.lastFiredTurn ?? '–'}`,
    ),
  ];
}
