import { cardPlay } from './card-play.ts';
import type { Character } from './schema/characters.ts';

/** One opening a new game can start with: a greeting of a character's card. */
export interface PackGreeting {
  readonly character: string;
  readonly text: string;
}

/**
 * The greetings of every character that has some, in pack order, each character's `first_mes` before its
 * `alternate_greetings`: the list the new-game dialog offers and `play --greeting N` counts in.
 */
export function packGreetings(characters: readonly Pick<Character, 'id' | 'name' | 'extensions'>[]): PackGreeting[] {
  return characters.flatMap((character) =>
    cardPlay(character).greetings.map((text) => ({ character: character.id, text })),
  );
}
