import {
  ownStandingText,
  readStandings,
  knowledgeView,
  recall,
  describeDuration,
  type InWorldMinute,
  type Situation,
  type SimulationWindow,
  inWorldText,
} from '../../npc/index.ts';
import { entityNamer, goalText, type Character, type StoryPack } from '../../pack/index.ts';
import type { SimulatedCharacterSheet, SimulationPeriod } from '../../prompts/index.ts';
import { placeName } from './cast.ts';
import type { OffscreenScene } from './offscreen-scene.ts';

/** World KG and own KG entries a simulated character recalls (half each at most). */
export const SIMULATION_RECALL_LIMIT = 16;

/**
 * One character's sheet, built from its own view only: its profile and private knowledge in the pack, its manifest
 * states, where it was last known to be, and what the World KG and its own KG recall. Never another's graph.
 */
export function characterSheet(pack: StoryPack, scene: OffscreenScene, character: Character): SimulatedCharacterSheet {
  const view = knowledgeView(scene.npc.knowledge, { kind: 'character', id: character.id });
  const where = whereIs(scene, character);
  const recollection = recall(view, {
    now: scene.now,
    entities: [character.id, ...(where === null ? [] : [where])],
    limit: SIMULATION_RECALL_LIMIT,
  });
  return {
    id: character.id,
    name: character.name,
    description: character.description,
    personality: character.personality,
    faction: character.faction ?? '',
    goals: character.goals.map(goalText),
    routine: character.routine.map((slot) => {
      const place = placeName(pack, slot.location);
      return `${slot.from}–${slot.to} at ${place}${slot.activity === undefined ? '' : `: ${slot.activity}`}`;
    }),
    states: (scene.states[character.id] ?? []).join('; '),
    situation: situationText(pack, where, scene.simulation.situations[character.id]),
    standing: ownStandingText(
      readStandings(scene.npc.standings, 'a simulated character'),
      character.id,
      entityNamer(pack, scene.personaId),
    ),
    secrets: character.knowledge.map((item) => item.content),
    knowledge: {
      world: recollection.world.map((entry) => entry.text),
      own: recollection.own.map((entry) => entry.text),
    },
  };
}

/** Where a character is now: its position in the play state, else its last simulated place, else its pack start. */
export function whereIs(scene: OffscreenScene, character: Character): string | null {
  return (
    scene.positions[character.id] ?? scene.simulation.situations[character.id]?.location ?? character.location ?? null
  );
}

function situationText(pack: StoryPack, where: string | null, situation: Situation | undefined): string {
  const place = where === null ? 'somewhere off-stage' : `at ${placeName(pack, where)}`;
  if (situation === undefined) return place;
  const doing = [situation.activity, situation.emotional_state].filter((part) => part !== '').join('; ');
  return doing === '' ? place : `${place}: ${doing}`;
}

export function periodOf(window: SimulationWindow): SimulationPeriod {
  return {
    from: inWorldText(window.from),
    until: inWorldText(window.until),
    length: describeDuration(window.minutes),
    why: window.why,
  };
}

/** A window for OffscreenInference: from the character's last known moment up to the next scene. */
export function inferenceWindow(from: InWorldMinute, until: InWorldMinute): SimulationWindow {
  const start = Math.min(from, until);
  return { from: start, until, minutes: until - start, why: 'until the scene it is likely to appear in' };
}
