import { CARD_EXTENSION_KEY } from './import/card-mapping.ts';
import type { Character } from './schema/characters.ts';

/**
 * The fields of an imported character card that reach play. The character file keeps them where import put them (the
 * card's own fields under `extensions.storyloom_card`), so they are stored once and export gives them back unchanged;
 * this is the one reader the engine uses for them.
 */
export interface CardPlay {
  /** The name `{{char}}` stands for: the card's nickname, else the character's name. */
  readonly displayName: string;
  /** `first_mes` then `alternate_greetings`, the empty ones left out: the openings a new game can start with. */
  readonly greetings: readonly string[];
  /** `scenario`: the situation the character is in, for its sheet. */
  readonly scenario: string;
  /** `system_prompt`: the character's own instructions, for its dialog stage only. */
  readonly instructions: string;
  /** `post_history_instructions`: said last, after the history, in its dialog stage only. */
  readonly postHistoryInstructions: string;
}

export function cardPlay(character: Pick<Character, 'name' | 'extensions'>): CardPlay {
  const card = character.extensions[CARD_EXTENSION_KEY];
  const field = (name: string): string => {
    const value = isRecord(card) ? card[name] : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  const alternates = isRecord(card) && Array.isArray(card.alternate_greetings) ? card.alternate_greetings : [];
  const greetings = [field('first_mes'), ...alternates.map((text) => (typeof text === 'string' ? text.trim() : ''))];
  return {
    displayName: field('nickname') || character.name,
    greetings: greetings.filter((text) => text !== ''),
    scenario: field('scenario'),
    instructions: field('system_prompt'),
    postHistoryInstructions: field('post_history_instructions'),
  };
}

/** Whether the character came from a character card (the import marks it so). */
export function isCardCharacter(character: Pick<Character, 'extensions'>): boolean {
  return isRecord(character.extensions[CARD_EXTENSION_KEY]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
