import type { StructuralParse } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import { detectMove } from '../movement.ts';

/**
 * A verb the lexicon does not know may still mean going somewhere ("I slip into the King's Custom House"): when the
 * parse found no movement but the words name a way out of here with a verb of motion, the move joins the parse as
 * one more part, so the world judges it like "enter" (a locked door refuses it). Nothing moves on the words alone.
 */
export function withImpliedMove(parse: StructuralParse, pack: StoryPack, from: string, text: string): StructuralParse {
  if (parse.actions.some((action) => action.kind === 'movement')) return parse;
  const move = detectMove(pack, from, text);
  if (move === null) return parse;
  const implied = {
    kind: 'movement' as const,
    action: 'move',
    targets: [{ id: move.to, kind: 'location' as const }],
    addressee: null,
    clause: text,
  };
  const summary = parse.actions.length === 0 ? `move (${move.to})` : `${parse.summary}; move (${move.to})`;
  return { ...parse, actions: [...parse.actions, implied], summary };
}

/** The places one step from `location` (the pack's connections). */
export function exitsOf(pack: StoryPack, location: string): string[] {
  return pack.locations.find((place) => place.id === location)?.connections.map((c) => c.to) ?? [];
}
