import type { StandingShift } from '../../npc/index.ts';
import { entityNamer, type StoryPack } from '../../pack/index.ts';
import { dimensionOf } from '../simulation/standing-shifts.ts';
import type { ClosedScene } from './closed-scene.ts';
import { observedEvents } from './scene-news.ts';

/**
 * The closing scene's RelationshipShifted events (its triggers' ShiftRelationship effects, fired in play or resolved
 * at the boundary) as moves of the standings: the truth set keeps their sums for predicates; the standings keep how
 * each character stands with each other, bounded, for the planner, the tiers and the characters' own prompts.
 */
export function sceneShifts(
  pack: StoryPack,
  personaId: string,
  scene: ClosedScene,
  resolved: readonly { readonly record: unknown }[],
): readonly StandingShift[] {
  const name = entityNamer(pack, personaId);
  const person = (id: string) => (id === 'player' ? personaId : id);
  return observedEvents([...scene.ledger, ...resolved]).flatMap((event): StandingShift[] => {
    if (event.type !== 'RelationshipShifted') return [];
    const dimension = dimensionOf(event.dimension);
    if (dimension === '') return [];
    const why = `what passed between them at ${name(scene.location)} (turn ${scene.turn})`;
    return [{ from: person(event.from), to: person(event.to), dimension, by: event.delta, why }];
  });
}
