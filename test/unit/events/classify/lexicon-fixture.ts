import { buildLexicon, type Lexicon } from '../../../../engine/events/index.ts';

/** A small harbour world for parser tests: two characters, a few objects and places, one forbidden verb. */
export function harbourLexicon(): Lexicon {
  return buildLexicon({
    persona: { id: 'sam', name: 'Sam Fairweather' },
    characters: [
      { id: 'kit', name: 'Kit Wickett', aliases: ['the lantern girl'] },
      { id: 'silas', name: 'Silas Crane', aliases: ['the harbourmaster', 'Mr. Crane'] },
    ],
    objects: [
      { id: 'badge', name: 'brass badge', aliases: ['badge'] },
      { id: 'log', name: 'harbour log', aliases: ['log'] },
      { id: 'board', name: 'loose floorboard', aliases: ['floorboard'] },
    ],
    locations: [
      { id: 'quay', name: 'Lantern Quay' },
      { id: 'harbour-office', name: "The Harbourmaster's Office" },
    ],
    verbs: { show: ['show', 'flash'] },
    constraints: [{ id: 'no_flight', verbs: ['fly'], reason: 'Nobody here can fly.' }],
  });
}
