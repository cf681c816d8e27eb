import {
  INFERENCE_SALIENCE_CAP,
  KEPT_CYCLES,
  tierOf,
  worldEventDrafts,
  type CharacterEvent,
  type CycleWorldEvent,
  type KnowledgeDraft,
  type PendingInteraction,
  type SimulationState,
  type SimulationWindow,
  type Situation,
  type TierRoster,
} from '../../npc/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { Inferred } from './inference.ts';
import { characterId, characterName, knownIds, knownPlace } from './cast.ts';
import { periodDrafts, relationshipDrafts } from './drafts.ts';
import type { SimulatedLife } from './live-period.ts';
import type { OffscreenScene } from './offscreen-scene.ts';

/** A pending interaction nobody brought in is dropped after this many cycles: the moment has passed. */
export const PENDING_LIFETIME_CYCLES = 6;

type GraphDrafts = {
  readonly audience: { kind: 'world' } | { kind: 'character'; id: string };
  drafts: KnowledgeDraft[];
};

export type CycleOutcome = {
  readonly knowledge: readonly GraphDrafts[];
  readonly simulation: SimulationState;
  readonly positions: { readonly [characterId: string]: string };
};

type Lived = { readonly lives: readonly SimulatedLife[]; readonly window: SimulationWindow | null };

/**
 * Everything the cycle produced, sorted to where it belongs: each character's scenes and memories to its own KG only,
 * world_events_emitted to the World KG and to this cycle's record for the next Chronicler, character_events to the
 * events log, pending_mc_interactions to the Narrator's queue, moves to the play state.
 */
export function assembleCycle(
  pack: StoryPack,
  scene: OffscreenScene,
  roster: TierRoster,
  { lives, window }: Lived,
  inferred: readonly Inferred[],
): CycleOutcome {
  const ref = `cycle ${scene.cycle}`;
  const known = knownIds(pack);
  const knowledge: GraphDrafts[] = [];
  const worldEvents: CycleWorldEvent[] = [];
  const newEvents: CharacterEvent[] = [];
  const pending: PendingInteraction[] = [];
  const situations: { [id: string]: Situation } = { ...scene.simulation.situations };
  const positions: { [id: string]: string } = {};
  const placeOf = (id: string | null) => knownPlace(pack, id);

  for (const { character, lived } of lives) {
    const at = window?.from ?? scene.now;
    const endsAt = placeOf(lived.ends_at);
    const place = endsAt ?? scene.positions[character] ?? null;
    knowledge.push({
      audience: { kind: 'character', id: character },
      drafts: [
        ...periodDrafts(lived, { at, place, known, source: 'simulation', ref, cap: null }),
        ...relationshipDrafts(lived.relationship_updates, { at, place, source: 'simulation', ref }, (reference) => {
          const id = characterId(pack, reference);
          return id === null || id === character ? null : { id, name: characterName(pack, id) };
        }),
      ],
    });
    for (const event of lived.world_events_emitted) {
      worldEvents.push({
        when: at,
        where: placeOf(event.where),
        event: event.event,
        entities: event.entities.map((id) => id.trim().toLowerCase()).filter((id) => known.has(id)),
      });
    }
    for (const event of lived.character_events) {
      const about = characterId(pack, event.character);
      if (about === null || tierOf(roster, about) !== 'significant') continue;
      newEvents.push({ about, by: character, time: at, event: event.event, my_read: event.my_read });
    }
    if (lived.pending_mc_interaction !== null) {
      pending.push({
        id: `${character}@${scene.cycle}`,
        character,
        raisedAt: at,
        cycle: scene.cycle,
        ...lived.pending_mc_interaction,
      });
    }
    situations[character] = {
      location: place,
      activity: lived.goal_progress,
      emotional_state: lived.emotional_state,
      at: window?.until ?? scene.now,
    };
    if (endsAt !== null && endsAt !== scene.positions[character]) positions[character] = endsAt;
  }

  for (const { character, reply } of inferred) {
    const location = placeOf(reply.current_situation.location);
    const at = scene.simulation.situations[character]?.at ?? scene.now;
    knowledge.push({
      audience: { kind: 'character', id: character },
      drafts: periodDrafts(reply, {
        at,
        place: location,
        known,
        source: 'offscreen-inference',
        ref,
        cap: INFERENCE_SALIENCE_CAP,
      }),
    });
    const readiness = reply.current_situation.readiness;
    situations[character] = {
      location,
      activity: [reply.current_situation.activity, readiness].filter((part) => part !== '').join('; '),
      emotional_state: reply.emotional_state,
      at: scene.next,
    };
    if (location !== null && location !== scene.positions[character]) positions[character] = location;
  }

  if (worldEvents.length > 0)
    knowledge.push({
      audience: { kind: 'world' },
      drafts: worldEventDrafts(worldEvents, { source: 'simulation', ref }),
    });
  const consumed = new Set(inferred.flatMap((item) => item.consumed));
  const simulated = lives.map((life) => life.character);
  const simulation: SimulationState = {
    version: 1,
    cycle: scene.cycle,
    lastSimulated: {
      ...scene.simulation.lastSimulated,
      ...Object.fromEntries(window === null ? [] : simulated.map((id) => [id, window.from])),
    },
    cycles: (window === null
      ? scene.simulation.cycles
      : [...scene.simulation.cycles, { cycle: scene.cycle, at: window.from, events: worldEvents }]
    ).slice(-KEPT_CYCLES),
    characterEvents: [...scene.simulation.characterEvents.filter((event) => !consumed.has(event)), ...newEvents],
    pending: [
      ...scene.simulation.pending.filter(
        (item) => scene.cycle - item.cycle < PENDING_LIFETIME_CYCLES && !simulated.includes(item.character),
      ),
      ...pending,
    ],
    situations,
    // Off-screen propagation recomputes who is away once positions are settled.
    awaySince: scene.simulation.awaySince,
  };
  return { knowledge, simulation, positions };
}
