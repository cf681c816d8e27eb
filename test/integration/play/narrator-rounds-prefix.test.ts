import { afterAll, describe, expect, it } from 'vitest';
import { sharedPrefixLength } from '../../../engine/llm/index.ts';
import { readFixtureSave, replayFixture, type FixtureRun } from '../../support/playthrough.ts';

// Issue 14: a turn's Narrator calls (the persona's round, then each acting character's) run one after another on the
// Narrator's KV sequence. Its template prints what all of them share first (instructions, the story before the turn,
// Tier 3 as it stood before the input, then the rest of the turn's Tier 3) and the turn's own messages after, so a
// character's round evaluates only the turn so far, its own briefs and the intention, not the history or Tier 3 again.
const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

/** The arrival replayed: its stream, and its committed turns' calls of `stages`, each prompt as one text, in order. */
async function replayedCalls(stages: readonly string[]) {
  const run = await replayFixture('lantern-quay', 'arrival');
  runs.push(run);
  const store = await readFixtureSave(run);
  try {
    const turns = store.turns().filter((turn) => turn.status === 'committed');
    const calls = turns.flatMap((turn) =>
      store
        .stageCalls(turn.id)
        .filter((call) => stages.includes(call.stage))
        .map((call) => ({
          turn: turn.number,
          principal: call.principal,
          prompt: call.prompt.map((message) => `${message.role}: ${message.content}`).join('\n'),
        })),
    );
    return { stream: store.messagesBefore(null, 100_000), calls };
  } finally {
    store.close();
  }
}

const HELD = 'What matters now (let it colour the telling; never quote it, never name it):\n';
const RECALLED = '\nAnd what this moment recalls:\n';
const OPENING = '\nA new scene opens.';

describe('the Narrator calls of one turn', () => {
  it('share the story before the turn and the standing Tier 3; the turn so far comes after them', async () => {
    const { stream, calls } = await replayedCalls(['narrator']);
    const narrated = [...new Set(calls.map((call) => call.turn))].map((turn) => ({
      turn,
      prompts: calls.filter((call) => call.turn === turn).map((call) => call.prompt),
    }));

    const withRounds = narrated.filter((turn) => turn.prompts.length >= 2);
    let recalledSeen = 0;
    expect(withRounds.map((turn) => turn.turn)).toEqual(expect.arrayContaining([1, 2, 3]));
    for (const { turn, prompts } of withRounds) {
      const persona = stream.find(
        (message) => message.turnNumber === turn && message.type === 'narration' && message.owner === 'narrator',
      );
      for (const [index, later] of prompts.entries()) {
        const earlier = prompts[index - 1];
        if (earlier === undefined) continue;
        const tier = later.indexOf(HELD);
        const turnSoFar = later.indexOf('\nThis turn so far:\n');
        expect(tier, `turn ${turn}, call ${index + 1} holds the standing Tier 3`).toBeGreaterThan(0);
        // The persona's round is printed after Tier 3, under the turn so far, never in the story before it.
        expect(turnSoFar).toBeGreaterThan(tier);
        // What the input recalled beyond the standing tier is the same for each round: it comes before the turn so far.
        if (later.includes(RECALLED)) {
          recalledSeen++;
          expect(later.indexOf(RECALLED), `turn ${turn}, call ${index + 1}`).toBeLessThan(turnSoFar);
        }
        expect(later.indexOf(persona?.content ?? '?')).toBeGreaterThan(turnSoFar);
        // Everything up to the turn so far is the call before's prompt, word for word.
        expect(sharedPrefixLength(earlier, later), `turn ${turn}, call ${index + 1}`).toBeGreaterThanOrEqual(turnSoFar);
      }
    }
    expect(recalledSeen, 'rounds whose Tier 3 recalled more than the standing tier').toBeGreaterThan(0);

    // A turn no character acts in has one Narrator call: its briefs (here a scene's opening) stay before the recalled
    // lines, in what the warm-up evaluated.
    const alone = narrated.filter(
      ({ prompts }) => prompts.length === 1 && prompts[0]?.includes(RECALLED) && prompts[0].includes(OPENING),
    );
    expect(alone.map((turn) => turn.turn)).not.toEqual([]);
    for (const { turn, prompts } of alone) {
      const [prompt = ''] = prompts;
      expect(prompt.indexOf(OPENING), `turn ${turn}`).toBeLessThan(prompt.indexOf(RECALLED));
    }
  });
});

// The same for one character's intent and dialog calls of one turn, on its own sequence: its sheet prints the lore the
// story before the turn activated, then the turn so far, each line with the lore it first activates. A later call of
// the turn then begins with everything the call before it printed up to its own task.
const TASKS = [
  '\nHow your author wants you played:',
  '\nNow say only the words',
  '\nYour own recent thoughts',
  '\nSetting: ',
];

describe('the intent and dialog calls of one character in one turn', () => {
  it('each begin with the call before’s prompt up to its task', async () => {
    const { calls } = await replayedCalls(['npc_intent', 'character_dialog']);

    let pairs = 0;
    for (const [index, later] of calls.entries()) {
      const earlier = calls
        .slice(0, index)
        .findLast((call) => call.turn === later.turn && call.principal === later.principal);
      if (earlier === undefined) continue;
      pairs++;
      const task = Math.min(...TASKS.map((marker) => earlier.prompt.indexOf(marker)).filter((at) => at >= 0));
      // The end of the last line the earlier call printed before its task, with its line break.
      const printed = earlier.prompt.slice(0, task).trimEnd().length + 1;
      const label = `turn ${later.turn}, ${later.principal}`;
      expect(later.prompt.indexOf('\nThis turn so far:\n'), label).toBeGreaterThan(0);
      expect(sharedPrefixLength(earlier.prompt, later.prompt), label).toBeGreaterThanOrEqual(printed);
    }
    expect(pairs, 'a character with two calls in one turn').toBeGreaterThan(0);
  });
});
