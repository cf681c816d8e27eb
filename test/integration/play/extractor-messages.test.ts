import { afterAll, describe, expect, it } from 'vitest';
import { isVisibleToPlayer } from '../../../engine/stream/index.ts';
import { readFixtureSave, replayFixture, type FixtureRun } from '../../support/playthrough.ts';

// Issue 24, item 7: every extractor call leaves its one `system` message in the stream (pipeline-rules.md's message
// model), after the turn's prose, in round order; and a round whispered whole calls no Lore Extractor.
const EXTRACTORS = new Set(['persona_extractor', 'character_extractor', 'lore_extractor']);
const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('extractor system messages', () => {
  it('stand in the arrival’s stream, one per extractor call, hidden from the player and from every prompt', async () => {
    const run = await replayFixture('lantern-quay', 'arrival');
    runs.push(run);
    const store = await readFixtureSave(run);
    const stream = store.messagesBefore(null, 100_000);
    const turns = store.turns().filter((turn) => turn.status === 'committed');
    const calls = turns.flatMap((turn) => store.stageCalls(turn.id).map((call) => ({ ...call, turn: turn.number })));
    const personaId = store.meta().personaId;
    store.close();

    for (const turn of turns) {
      const extractors = calls.filter((call) => call.turn === turn.number && EXTRACTORS.has(call.stage));
      const system = stream.filter((message) => message.turnNumber === turn.number && message.type === 'system');
      expect(system).toHaveLength(extractors.length);
      // After the turn's prose: the extractors ran once it had committed.
      const prose = stream.filter((message) => message.turnNumber === turn.number && message.type !== 'system');
      if (system.length > 0) expect(Math.min(...system.map((m) => m.seq))).toBeGreaterThan(prose.at(-1)?.seq ?? 0);
    }
    const first = stream.filter((message) => message.turnNumber === 1 && message.type === 'system');
    expect(first[0]?.content).toMatch(/^Persona Extractor \(Sam Fairweather\): .+ \(2 changes\)$/u);
    expect(first[1]?.content).toMatch(/^Lore Extractor: /u);

    const system = stream.filter((message) => message.type === 'system');
    expect(system.every((message) => message.owner === 'system')).toBe(true);
    expect(system.some((message) => isVisibleToPlayer(message, personaId, false))).toBe(false);
    const prompts = calls.map((call) => call.prompt.map((message) => message.content).join('\n'));
    for (const message of system) expect(prompts.some((prompt) => prompt.includes(message.content))).toBe(false);

    // Turn 2: the persona's round was whispered to Kit whole; Magdalen's and Kit's rounds were heard by the room.
    const turnTwoLore = calls.filter((call) => call.turn === 2 && call.stage === 'lore_extractor');
    expect(turnTwoLore).toHaveLength(2);
    expect(turnTwoLore.every((call) => !call.prompt.some((m) => m.content.includes('Keep it down, mister')))).toBe(
      true,
    );
  });
});
