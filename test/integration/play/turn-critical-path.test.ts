import { afterAll, describe, expect, it } from 'vitest';
import { replayFixture, type FixtureRun } from '../../support/playthrough.ts';

// Issue 24, item 8: no wait without a reader. On the arrival's turn 1 the player waits only for the calls each next
// actor reads: the prose. Stage 4 and the extractors, which nothing in the turn reads, run after it has resolved.
const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('the turn’s critical path', () => {
  it('holds only the arrival’s 8 prose calls in turn 1; Stage 4 and the 6 extractors start after it resolved', async () => {
    const run = await replayFixture('lantern-quay', 'arrival');
    runs.push(run);
    const events = run.setup.events;
    const started = events.findIndex((event) => event.type === 'turn.started' && event.turn === 1);
    const finished = events.findIndex((event) => event.type === 'turn.finished' && event.turn === 1);
    const calls = events.flatMap((event, index) =>
      event.type === 'stage.started' && event.turn === 1 ? [{ stage: event.stage, index }] : [],
    );
    const during = calls.filter((call) => call.index > started && call.index < finished).map((call) => call.stage);
    const after = calls.filter((call) => call.index > finished).map((call) => call.stage);
    expect(during).toEqual([
      'narrator',
      'character_dialog',
      'npc_intent',
      'narrator',
      'character_dialog',
      'npc_intent',
      'narrator',
      'character_dialog',
    ]);
    expect([...after].sort()).toEqual(
      [
        'deep_interpretation',
        'persona_extractor',
        'character_extractor',
        'character_extractor',
        'lore_extractor',
        'lore_extractor',
        'lore_extractor',
      ].sort(),
    );
  });
});
