import type { StandingShift } from '../../npc/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import { characterId } from './cast.ts';
import type { SimulatedLife } from './live-period.ts';

/** A shift a simulation may make in one period: a life can turn, but not overturn, a standing in an evening. */
export const MAX_SIMULATED_SHIFT = 0.5;

/**
 * The simulated lives' relationship_updates that say how far a standing moved (a dimension and a shift) as moves of
 * the character's own side. An update about someone the story does not know, or with no shift, moves nothing (it is
 * still remembered, see relationshipDrafts).
 */
export function simulationShifts(
  pack: StoryPack,
  personaId: string,
  lives: readonly SimulatedLife[],
): readonly StandingShift[] {
  return lives.flatMap(({ character, lived }) =>
    lived.relationship_updates.flatMap((update): StandingShift[] => {
      const to = personOf(pack, personaId, update.character);
      const dimension = dimensionOf(update.dimension);
      if (to === null || to === character || dimension === '' || update.shift === 0) return [];
      const by = Math.max(-MAX_SIMULATED_SHIFT, Math.min(MAX_SIMULATED_SHIFT, update.shift));
      return [{ from: character, to, dimension, by, why: update.change }];
    }),
  );
}

/** A pack character, or the protagonist (by id, name, or as "player"/"protagonist"). */
export function personOf(pack: StoryPack, personaId: string, reference: string): string | null {
  const wanted = reference.trim().toLowerCase();
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  if (['player', 'protagonist', personaId, persona?.name.toLowerCase()].includes(wanted)) return personaId;
  return characterId(pack, reference);
}

/** `Trust ` → `trust`, `sense of duty` → `sense_of_duty`: one dimension, however a reply spells it. */
export function dimensionOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/gu, '');
}
