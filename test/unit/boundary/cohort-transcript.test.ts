import { describe, expect, it } from 'vitest';
import { MAX_COHORT_ROUNDS, stopAfterRound } from '../../../engine/boundary/simulation/index.ts';
import { privateNote, publicLine } from '../../../engine/boundary/simulation/cohort-transcript.ts';

const turn = (fields: Partial<{ says: string; does: string; thinks: string; intends: string; leaves: boolean }>) => ({
  says: '',
  does: '',
  thinks: '',
  intends: '',
  leaves: false,
  ...fields,
});

describe('a cohort encounter’s public timeline', () => {
  it('keeps a member’s words and deeds, never its thoughts or intentions', () => {
    const seen = publicLine(
      1,
      'silas-crane',
      'Silas Crane',
      turn({ does: 'Hands her a ledger', says: 'There.', thinks: 'SECRET', intends: 'PLAN' }),
    );
    expect(seen).toEqual({ round: 1, by: 'silas-crane', text: 'Silas Crane: Hands her a ledger — says: “There.”' });
    expect(publicLine(2, 'silas-crane', 'Silas Crane', turn({ thinks: 'SECRET' }))).toBeNull();
    expect(publicLine(2, 'a', 'A', turn({ leaves: true }))?.text).toBe('A: leaves.');
  });

  it('files a member’s thought and intention as its own note', () => {
    expect(privateNote(2, turn({ thinks: 'she knows', intends: 'burn it' }))).toBe(
      'round 2: thought: she knows; meant to: burn it',
    );
    expect(privateNote(2, turn({ does: 'waits' }))).toBeNull();
  });
});

describe('the cohort stopping rule', () => {
  const acting = [turn({ does: 'waits' }), turn({ says: 'Well?' })];

  it('lets the moderator decide while two members act and rounds remain', () => {
    expect(stopAfterRound(1, 2, acting)).toBeNull();
  });

  it('stops at the round limit, when fewer than two remain, or when nobody did anything aloud', () => {
    expect(stopAfterRound(MAX_COHORT_ROUNDS, 2, acting)).toBe(`the round limit (${MAX_COHORT_ROUNDS})`);
    expect(stopAfterRound(1, 1, acting)).toBe('fewer than two members remain in the encounter');
    expect(stopAfterRound(1, 2, [turn({ thinks: 'hm' }), turn({})])).toBe(
      'nobody said or did anything in front of the others',
    );
  });
});
