import { describe, expect, it } from 'vitest';
import type { PromptMessage } from '../../../engine/prompts/index.ts';
import { earlierJournal, turnMoments, type TurnMoments } from '../../../engine/storykeeper/adapters/earlier-journal.ts';
import type { Subscription } from '../../../engine/events/index.ts';

/** Two public messages a turn: the narration of turn N, then Kit's line. */
function history(turns: number): PromptMessage[] {
  return Array.from({ length: turns }, (_, index) => index + 1).flatMap((turn) => [
    {
      owner: 'narrator',
      name: 'Narrator',
      type: 'narration',
      content: `Rain on the quay in turn ${turn}. The lanterns hiss and the fog comes in over the mole.`,
      mood: null,
      turn,
      current: false,
      line: `Rain on the quay in turn ${turn}. The lanterns hiss and the fog comes in over the mole.`,
    },
    {
      owner: 'kit-wickett',
      name: 'Kit Wickett',
      type: 'dialog',
      content: `Turn ${turn}, sir.`,
      mood: 'wary',
      turn,
      current: false,
      line: `Kit Wickett (wary): “Turn ${turn}, sir.”`,
    },
  ]);
}

const none = new Map<number, TurnMoments>();
const compression = { full: 0, summarised: 2 };

describe('the Narrator’s journal beyond the history window (Tier 2)', () => {
  it('is empty while the whole story fits the window', () => {
    expect(earlierJournal({ history: history(5), limit: 20, moments: none, compression })).toBe('');
  });

  it('gives the turns that left the window one line each: newest summarised, older ones as a skeleton', () => {
    // 12 turns = 24 messages; a window of 8 starts at message 16 (steps of 4), so turns 1–8 are earlier.
    const lines = earlierJournal({ history: history(12), limit: 8, moments: none, compression }).split('\n');
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe('[turn 8] Rain on the quay in turn 8. Kit Wickett spoke.');
    expect(lines.at(-2)).toBe('[turn 7] Rain on the quay in turn 7. Kit Wickett spoke.');
    expect(lines[0]).toBe('[turn 1] Rain on the quay in turn … (Kit Wickett)');
  });

  it('keeps a weighty, felt turn in more detail than its neighbours', () => {
    const moments = new Map([[2, { fired: ['kit_trusts'], felt: ['kit_trusts'] }]]);
    const lines = earlierJournal({ history: history(12), limit: 8, moments, compression }).split('\n');
    expect(lines[1]).toBe(
      '[turn 2] Rain on the quay in turn 2. The lanterns hiss and the fog comes in over the mole. Kit Wickett (wary): “Turn 2, sir.”',
    );
    expect(lines[2]).toBe('[turn 3] Rain on the quay in turn … (Kit Wickett)');
  });

  it('stays the same between steps of the history window, so the cached prompt prefix survives', () => {
    const at = (turns: number) => earlierJournal({ history: history(turns), limit: 8, moments: none, compression });
    // The window of 8 messages moves in steps of 4: at 21–24 messages it starts at message 16.
    const a = earlierJournal({ history: history(12).slice(0, 23), limit: 8, moments: none, compression });
    const b = earlierJournal({ history: history(12), limit: 8, moments: none, compression });
    expect(a).toBe(b);
    expect(at(14)).not.toBe(b);
  });
});

describe('turnMoments', () => {
  it('weighs every turn a trigger fired in, and marks as felt the ones that listen for interpretive judgments', () => {
    const listening = { id: 'kit_trusts', sensitivity: [{ proposition: 'TrustGrowing(player,kit-wickett)' }] };
    const factual = { id: 'officer_revealed', sensitivity: [] };
    const triggers = [listening, factual] as unknown as Subscription[];
    const moments = turnMoments(
      [
        ['kit_trusts', 2],
        ['officer_revealed', 5],
      ],
      triggers,
    );
    expect(moments.get(2)).toEqual({ fired: ['kit_trusts'], felt: ['kit_trusts'] });
    expect(moments.get(5)).toEqual({ fired: ['officer_revealed'], felt: [] });
    expect(moments.has(3)).toBe(false);
  });
});
