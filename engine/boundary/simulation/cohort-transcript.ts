import type { CohortMemberTurn } from './outputs.ts';

/** Rounds a cohort's encounter lasts at most: each is one call per member (they run together) and one moderator call. */
export const MAX_COHORT_ROUNDS = 3;

/**
 * One line of the SimulationModerator's timeline: a moment it set (`by` null) or a member's public words and deeds.
 * Only what everyone present saw and heard is ever written here.
 */
export type PublicLine = {
  readonly round: number;
  readonly by: string | null;
  readonly text: string;
};

/** A member's turn as the others saw it: its deeds and words, never its thoughts or intentions. */
export function publicLine(round: number, by: string, name: string, turn: CohortMemberTurn): PublicLine | null {
  const parts = [
    turn.does.trim(),
    turn.says.trim() === '' ? '' : `says: “${turn.says.trim()}”`,
    turn.leaves ? 'leaves.' : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? null : { round, by, text: `${name}: ${parts.join(' — ')}` };
}

/** The timeline as the prompts print it, oldest first. */
export function transcriptLines(lines: readonly PublicLine[]): string[] {
  return lines.map((line) => `[round ${line.round}] ${line.text}`);
}

/** A member's own notes of one round, for its own later calls only. */
export function privateNote(round: number, turn: CohortMemberTurn): string | null {
  const parts = [
    turn.thinks.trim() === '' ? '' : `thought: ${turn.thinks.trim()}`,
    turn.intends.trim() === '' ? '' : `meant to: ${turn.intends.trim()}`,
  ].filter((part) => part !== '');
  return parts.length === 0 ? null : `round ${round}: ${parts.join('; ')}`;
}

/**
 * The stopping rule checked after each round, before the moderator is asked: the encounter ends at the round limit,
 * when fewer than two members are still in it, or when a round passed with nobody saying or doing anything in front
 * of the others. Null: the moderator decides.
 */
export function stopAfterRound(
  round: number,
  stillIn: number,
  turns: readonly CohortMemberTurn[],
  maxRounds: number = MAX_COHORT_ROUNDS,
): string | null {
  if (stillIn < 2) return 'fewer than two members remain in the encounter';
  if (turns.every((turn) => turn.says.trim() === '' && turn.does.trim() === ''))
    return 'nobody said or did anything in front of the others';
  if (round >= maxRounds) return `the round limit (${maxRounds})`;
  return null;
}
