import {
  isStrong,
  readStandings,
  standingOf,
  applyImportanceFlags,
  restoreChronicleState,
  ruleTierRequests,
  type InWorldMinute,
  type PendingInteraction,
  type TierRoster,
  type TierSignals,
  type TierUpdate,
} from '../../npc/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { AskedIntent } from './intent-checks.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { namesWholeWord } from './plan.ts';
import { whereIs } from './sheets.ts';

/** What this cycle observed that bears on the characters' tiers. */
export type TierObservations = {
  /** Pending interactions after this cycle: who has set out to seek the persona. */
  readonly pending: readonly PendingInteraction[];
  readonly asked: readonly AskedIntent[];
  /** Character → since when it has been away from the persona's area (carried from cycle to cycle). */
  readonly awaySince: { readonly [characterId: string]: InWorldMinute };
};

/**
 * npc-simulation.md's "When to Promote/Demote" rules at the boundary: the signals read from this cycle's work, turned
 * into requests, applied under the arc_important cap. The Narrator's own flags were applied by its turn already.
 */
export function ruleTierUpdate(
  pack: StoryPack,
  scene: OffscreenScene,
  roster: TierRoster,
  observed: TierObservations,
): TierUpdate {
  const signals = tierSignals(pack, scene, observed);
  return applyImportanceFlags(roster, ruleTierRequests(roster, signals, scene.now), scene.now, { makeRoom: false });
}

export function tierSignals(pack: StoryPack, scene: OffscreenScene, observed: TierObservations): TierSignals[] {
  const seekers = new Set(observed.pending.map((item) => item.character));
  for (const { character, reply } of observed.asked) {
    if (reply.seeking.some((sought) => isPersona(pack, scene.personaId, sought.character))) seekers.add(character);
  }
  const threads = activeThreads(scene);
  const standings = readStandings(scene.npc.standings, 'the tier rules');
  return pack.characters.map((character) => ({
    character: character.id,
    pursuesPersona: seekers.has(character.id),
    // The Chronicler runs beside this step, so its threads are the last cycle's: one scene late, like its events.
    drivesStory: threads.some((thread) =>
      [character.name, ...character.aliases].some((name) => namesWholeWord(thread, name)),
    ),
    // Whether an arc has resolved is a judgement no stage makes yet; until one does, no arc ends by rule.
    arcResolved: false,
    awayFromActiveAreaSince: observed.awaySince[character.id] ?? null,
    strongWithPersona: isStrongSide(standingOf(standings, character.id, scene.personaId)),
  }));
}

/**
 * Who is away from the story's active area (the persona's next place and the places one way from it), and since when:
 * a character already away keeps its date; one back in the area is forgotten. A character nobody can place is not
 * judged away.
 */
export function awayFromActiveArea(
  pack: StoryPack,
  scene: OffscreenScene,
  positions: { readonly [characterId: string]: string },
): { readonly [characterId: string]: InWorldMinute } {
  const area = activeArea(pack, scene.nextLocation);
  const away: { [characterId: string]: InWorldMinute } = {};
  for (const character of pack.characters) {
    const where = positions[character.id] ?? whereIs(scene, character);
    if (where === null || area.has(where) || scene.present.includes(character.id)) continue;
    away[character.id] = scene.simulation.awaySince[character.id] ?? scene.now;
  }
  return away;
}

function activeArea(pack: StoryPack, center: string): ReadonlySet<string> {
  const area = new Set([center]);
  for (const location of pack.locations) {
    if (location.id === center) for (const way of location.connections) area.add(way.to);
    else if (location.connections.some((way) => way.to === center)) area.add(location.id);
  }
  return area;
}

function isStrongSide(side: ReturnType<typeof standingOf>): boolean {
  return side !== null && isStrong(side);
}

function activeThreads(scene: OffscreenScene): readonly string[] {
  const chronicle = restoreChronicleState(scene.npc.chronicle);
  return (chronicle?.story_state.active_threads ?? []).map((thread) => `${thread.name} ${thread.status}`);
}

function isPersona(pack: StoryPack, personaId: string, reference: string): boolean {
  const wanted = reference.trim().toLowerCase();
  if (wanted === personaId || wanted === 'player') return true;
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  return persona !== undefined && persona.name.toLowerCase() === wanted;
}
