import {
  countAppearances,
  needsPartialProfile,
  partialProfileSchema,
  restoreProfilesState,
  tierOf,
  type PartialProfile,
  type ProfilesState,
  type TierRoster,
} from '../../npc/index.ts';
import type { Character } from '../../pack/index.ts';
import type { BoundaryStepContext } from '../contract.ts';
import { characterName, storyHeader } from './cast.ts';
import type { OffscreenScene } from './offscreen-scene.ts';

export type CraftedProfiles = {
  readonly profiles: ProfilesState;
  /** The figures the PartialProfileCrafter wrote a profile for this cycle. */
  readonly crafted: readonly string[];
};

/**
 * The PartialProfileCrafter (npc-simulation.md): counts the closing scene's cast as one more appearance each, and writes
 * a partial profile, once, for each background figure (or one the roster does not rank yet) who now recurs, so the
 * Narrator keeps its voice the same from scene to scene. The profiles run in parallel.
 */
export async function craftPartialProfiles(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  roster: TierRoster,
): Promise<CraftedProfiles> {
  const counted = countAppearances(restoreProfilesState(scene.npc.profiles), scene.present);
  const due = context.pack.characters.filter(
    (character) =>
      scene.present.includes(character.id) &&
      needsPartialProfile({
        tier: tierOf(roster, character.id),
        hasPartialProfile: Object.hasOwn(counted.partial, character.id),
        creationRequested: false,
        appearances: counted.appearances[character.id] ?? 0,
      }).needed,
  );
  const crafted = await Promise.all(due.map((character) => craft(context, scene, counted, character)));
  return {
    profiles: { ...counted, partial: { ...counted.partial, ...Object.fromEntries(crafted) } },
    crafted: crafted.map(([id]) => id),
  };
}

async function craft(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  counted: ProfilesState,
  character: Character,
): Promise<readonly [string, PartialProfile]> {
  const profile = await context.callObject({
    stage: 'partial_profile',
    principal: character.id,
    messages: context.prompts.renderBoundary('partial_profile', {
      story: storyHeader(context.pack),
      char: {
        id: character.id,
        name: character.name,
        description: character.description,
        personality: character.personality,
        appearances: counted.appearances[character.id] ?? 0,
      },
      scene: scene.publicLines.map((line) =>
        line.type === 'dialog' ? `${characterName(context.pack, line.owner)}: ${line.content}` : line.content,
      ),
    }),
    schema: partialProfileSchema,
    schemaName: 'partial_profile',
    maxTokens: 700,
    temperature: 0.5,
  });
  return [character.id, profile] as const;
}
