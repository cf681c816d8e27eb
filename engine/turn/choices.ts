import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { MAX_CHOICES } from './outputs.ts';
import { PLAY_STATE_CHECKPOINT } from './play-state.ts';

/**
 * The Narrator's suggested next actions (npc-simulation.md's Writer `choices`): offered after the turn's last prose,
 * stored with the turn that offered them, shown as buttons (or numbered in `play`) until the next turn.
 */
export const CHOICES_CHECKPOINT = 'choices';

export interface StoredChoices {
  readonly choices: readonly string[];
}

/** Choices are offered unless the player's setting or the pack's tuning (`tuning.choices: false`) turns them off. */
export function offersChoices(pack: StoryPack, setting: boolean): boolean {
  return setting && pack.manifest.tuning.choices !== false;
}

/** The Narrator's note on the call that writes the turn's last prose: what the choices are and how to give them. */
export function choicesBrief(playerName: string): string {
  return [
    `After the beats you may add "choices": two to ${MAX_CHOICES} short things ${playerName} might do next, each a few`,
    'words in the imperative ("Ask about the letter"), each a different direction the scene could take. Never decide',
    `for ${playerName}; leave "choices" out when nothing suggests itself.`,
  ].join('\n');
}

/** The choices as the player sees them: trimmed, one line each, no repeats (a model may echo one twice). */
export function tidyChoices(choices: readonly string[] | undefined): readonly string[] {
  const seen = new Set<string>();
  const tidy: string[] = [];
  for (const choice of choices ?? []) {
    const line = choice.replace(/\s+/gu, ' ').trim();
    if (line === '' || seen.has(line.toLowerCase())) continue;
    seen.add(line.toLowerCase());
    tidy.push(line);
  }
  // One left is no choice at all.
  return tidy.length >= 2 ? tidy : [];
}

/**
 * The choices of the save's last committed turn, or none: a later turn without choices (a command, a turn whose
 * Narrator offered none) leaves the older ones behind.
 */
export function latestChoices(store: Pick<SaveStore, 'latestCheckpoint'>): readonly string[] {
  const offered = store.latestCheckpoint(CHOICES_CHECKPOINT);
  // Every committed turn writes a play state: the last one marks the last committed turn.
  const last = store.latestCheckpoint(PLAY_STATE_CHECKPOINT);
  if (offered === null || last === null || offered.turnId !== last.turnId) return [];
  return readChoices(offered.data);
}

function readChoices(data: unknown): readonly string[] {
  if (typeof data !== 'object' || data === null || !('choices' in data) || !Array.isArray(data.choices)) return [];
  return data.choices.filter((choice): choice is string => typeof choice === 'string');
}
