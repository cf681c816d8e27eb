import {
  readStandings,
  strongTies,
  markRelevant,
  MINUTES_PER_DAY,
  planSimulation,
  tierOf,
  type CohortCandidate,
  type LikelyAppearance,
  type PlannerCharacter,
  type SimulationPlan,
  type TierRoster,
} from '../../npc/index.ts';
import { clockMinutes, goalInvolves, goalText, type Character, type StoryPack } from '../../pack/index.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { whereIs } from './sheets.ts';

/**
 * The roster this cycle works with: the checkpointed one. The npc_state starts with the pack's tiers, so a null roster
 * means the pack's could not be built (over the cap), and building it again here would fail the same way.
 */
export function cycleRoster(scene: OffscreenScene): TierRoster {
  const roster = scene.npc.roster ?? { version: 1, cap: 0, characters: {} };
  // Being in the scene that just ended is what keeps a character relevant (and up to date).
  return markRelevant(roster, scene.present, scene.now);
}

/** The SimulationPlanner over the pack, the roster and what the last cycles left behind. */
export function planCycle(pack: StoryPack, scene: OffscreenScene, roster: TierRoster): SimulationPlan {
  const characters = pack.characters.flatMap((character): PlannerCharacter[] => {
    const tier = tierOf(roster, character.id);
    if (tier === null) return [];
    return [
      {
        id: character.id,
        tier,
        lastSimulatedAt: scene.simulation.lastSimulated[character.id] ?? null,
        lastAppearedAt: roster.characters[character.id]?.lastRelevantAt ?? null,
      },
    ];
  });
  return planSimulation({
    now: scene.now,
    // A `/skip` (or a journey) moved the clock on before the next scene opens: those hours count for staleness.
    resumesAt: scene.next,
    characters,
    presentInEndedScene: scene.present,
    likelyToAppear: likelyToAppear(pack, scene),
  });
}

/**
 * Who will likely be in the next scene: characters at (or whose routine takes them to) the place the protagonist is
 * heading, and characters who have set out to seek the protagonist.
 */
export function likelyToAppear(pack: StoryPack, scene: OffscreenScene): readonly LikelyAppearance[] {
  const timeOfDay = ((scene.next % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const seeking = new Set(scene.simulation.pending.map((item) => item.character));
  return pack.characters.flatMap((character): LikelyAppearance[] => {
    if (whereIs(scene, character) === scene.nextLocation) return [{ character: character.id, why: 'already there' }];
    const slot = character.routine.find(
      (item) =>
        item.location === scene.nextLocation && within(timeOfDay, clockMinutes(item.from), clockMinutes(item.to)),
    );
    if (slot !== undefined) return [{ character: character.id, why: `its routine takes it there at ${slot.from}` }];
    if (seeking.has(character.id)) return [{ character: character.id, why: 'it is seeking the protagonist' }];
    return [];
  });
}

function within(minute: number, from: number, to: number): boolean {
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * What the cohort rules need of one character. Goals name others explicitly (`involves`) or by name in their text;
 * members of one faction share its business; a strong standing either way between two is a strong relationship. The
 * pack gives no districts, so no one shares a mere area.
 */
export function cohortCandidate(pack: StoryPack, scene: OffscreenScene, character: Character): CohortCandidate {
  const others = pack.characters.filter((other) => other.id !== character.id);
  const named = character.goals.flatMap((goal) => {
    const text = goalText(goal);
    return others
      .filter((other) => [other.name, ...other.aliases].some((name) => namesWholeWord(text, name)))
      .map((o) => o.id);
  });
  return {
    id: character.id,
    location: whereIs(scene, character),
    area: null,
    goalTargets: [...new Set([...character.goals.flatMap(goalInvolves), ...named])],
    strongRelationships: strongTies(readStandings(scene.npc.standings, 'the simulation planner'), character.id),
    faction: character.faction ?? null,
    factionBusiness: character.faction === undefined ? [] : [character.faction],
    routine: character.routine.map((slot) => ({
      place: slot.location,
      from: clockMinutes(slot.from),
      to: clockMinutes(slot.to),
    })),
  };
}

/** Whether a goal's text names someone as a whole word ("Hale", not "whale"). */
export function namesWholeWord(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'iu').test(text);
}
