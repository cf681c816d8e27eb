import type { StoredMessage } from '../../store/index.ts';
import { isRecord } from '../import/json-text.ts';

/** The parts of a stored message a transcript needs, so tests and other callers can pass plain records. */
export type TranscriptMessage = Pick<StoredMessage, 'turnNumber' | 'owner' | 'type' | 'content' | 'mood'> & {
  /** Who witnessed it (`{ kind: 'heard', by }`): narration and dialog the persona was not there for are left out. */
  readonly meta?: StoredMessage['meta'];
};

export interface TranscriptOptions {
  readonly title: string;
  /** The save's persona: the transcript is what its player saw (pipeline-rules.md, the persona's view). */
  readonly personaId: string;
  /** Display names by owner id (characters and personas); an unknown owner is shown by its id. */
  readonly names: Readonly<Record<string, string>>;
  /** The story's opening paragraph (its first place, as a new game shows it), before the first turn. */
  readonly opening?: string | null;
  /** Include the player's own private thoughts (off by default: they were never part of the scene). */
  readonly thoughts?: boolean;
}

export type TranscriptBlock =
  | { readonly kind: 'narration' | 'scene'; readonly text: string }
  | {
      readonly kind: 'dialog' | 'intention' | 'thought';
      readonly speaker: string;
      readonly mood: string | null;
      readonly text: string;
    };

export interface TranscriptTurn {
  readonly number: number;
  readonly blocks: readonly TranscriptBlock[];
}

/**
 * The messages as turns of readable blocks: exactly what the player saw. Other characters' intentions and thoughts
 * are their own minds (the player saw what came of them, in the narration); narration and dialog the persona did not
 * witness never reached the player; system notices speak to the player, not the story.
 */
export function transcriptTurns(messages: readonly TranscriptMessage[], options: TranscriptOptions): TranscriptTurn[] {
  const turns: { number: number; blocks: TranscriptBlock[] }[] = [];
  for (const message of messages) {
    const block = blockOf(message, options);
    if (block === null) continue;
    const last = turns.at(-1);
    if (last?.number === message.turnNumber) last.blocks.push(block);
    else turns.push({ number: message.turnNumber, blocks: [block] });
  }
  return turns;
}

function blockOf(message: TranscriptMessage, options: TranscriptOptions): TranscriptBlock | null {
  const text = message.content.trim();
  if (text === '' || !playerSaw(message, options.personaId)) return null;
  const speaker = options.names[message.owner] ?? message.owner;
  switch (message.type) {
    case 'narration':
      return { kind: 'narration', text };
    case 'scene_marker':
      return { kind: 'scene', text };
    case 'dialog':
    case 'intention':
      return { kind: message.type, speaker, mood: message.mood, text };
    case 'thought':
      return options.thoughts === true ? { kind: 'thought', speaker, mood: null, text } : null;
    case 'system':
      return null;
  }
}

function playerSaw(message: TranscriptMessage, personaId: string): boolean {
  const own = message.owner === personaId;
  switch (message.type) {
    case 'intention':
    case 'thought':
      return own;
    case 'narration':
    case 'dialog':
      return own || witnessedBy(message.meta, personaId);
    case 'scene_marker':
      return true;
    case 'system':
      return false;
  }
}

/** Messages from before witnesses were recorded, and those with no witness list, were public. */
function witnessedBy(meta: TranscriptMessage['meta'], personaId: string): boolean {
  if (!isRecord(meta) || meta.kind !== 'heard') return true;
  return Array.isArray(meta.by) && meta.by.includes(personaId);
}
