import type { StoredMessage } from '../../store/types.ts';

/** The parts of a stored message a transcript needs, so tests and other callers can pass plain records. */
export type TranscriptMessage = Pick<StoredMessage, 'turnNumber' | 'owner' | 'type' | 'content' | 'mood'>;

export interface TranscriptOptions {
  readonly title: string;
  /** Display names by owner id (characters and personas); an unknown owner is shown by its id. */
  readonly names: Readonly<Record<string, string>>;
  /** Include the player's private thoughts (off by default: they were never part of the scene). */
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

/** The messages as turns of readable blocks. System notices are left out: they speak to the player, not the story. */
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
  if (text === '') return null;
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
