import { afterAll, describe, expect, it } from 'vitest';
import { readFixtureSave, replayFixture, type FixtureRun } from '../../support/playthrough.ts';

// Issue 24, item 6: the persona's manifest states (level 6 and above) reach the Narrator, as the NPCs' always did.
const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('the persona’s states in the Narrator’s prompt', () => {
  it('shows Sam’s manifest states to every Narrator call of the arrival', async () => {
    const run = await replayFixture('lantern-quay', 'arrival');
    runs.push(run);
    const store = await readFixtureSave(run);
    const prompts = store
      .turns()
      .flatMap((turn) => store.stageCalls(turn.id))
      .filter((call) => call.stage === 'narrator')
      .map((call) => call.prompt.map((message) => message.content).join('\n'));
    store.close();
    expect(prompts).toHaveLength(12);
    for (const prompt of prompts) {
      const line = prompt.split('\n').find((candidate) => candidate.startsWith('Visible states: '));
      expect(line).toMatch(/Visible states: Sam Fairweather: soaked and chilled \(body, \d+\)/u);
      expect(line).toContain('resolved to deliver the letter');
    }
  });
});
