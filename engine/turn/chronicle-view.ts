import type { ChronicleView } from '../api/index.ts';
import { NPC_STATE_CHECKPOINT } from '../boundary/index.ts';
import {
  inWorldText,
  OPENINGS_PER_URGENCY,
  restoreChronicleState,
  restoreSimulationState,
  restoreTierRoster,
  tierOf,
} from '../npc/index.ts';

import { packTierOf, type StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { SCENE_OPENINGS_CHECKPOINT } from './scene-opening.ts';
import { PLAY_STATE_CHECKPOINT, playStateSchema } from './play-state.ts';
import { z } from 'zod';

const npcPartsSchema = z.object({ roster: z.unknown(), simulation: z.unknown(), chronicle: z.unknown() });
const deliveriesSchema = z.record(z.string(), z.number().int().min(0));

/** The Chronicler's and the simulation's state as of a turn (the last by default), for the API and `inspect`. */
export function chronicleView(store: SaveStore, pack: StoryPack, turn?: number): ChronicleView {
  const checkpoint = store.latestCheckpoint(NPC_STATE_CHECKPOINT, turn);
  const parts = npcPartsSchema.safeParse(checkpoint?.data);
  const npc = parts.success ? parts.data : { roster: null, simulation: null, chronicle: null };
  const chronicle = restoreChronicleState(npc.chronicle);
  const simulation = restoreSimulationState(npc.simulation);
  const restored = npc.roster === null || npc.roster === undefined ? null : restoreTierRoster(npc.roster);
  const roster = restored?.ok === true ? restored.roster : null;
  const delivered = deliveriesSchema.safeParse(store.latestCheckpoint(SCENE_OPENINGS_CHECKPOINT, turn)?.data ?? {});
  const deliveries = delivered.success ? delivered.data : {};
  const play = playStateSchema.safeParse(store.latestCheckpoint(PLAY_STATE_CHECKPOINT, turn)?.data);
  // Before the first turn there is no play state yet: the pack's starting states are the characters' states.
  const statesOf = (id: string) =>
    play.success ? (play.data.states[id] ?? []) : (pack.characters.find((c) => c.id === id)?.states ?? []);
  const nameOf = (id: string) => pack.characters.find((character) => character.id === id)?.name ?? id;
  const last = simulation.cycles.at(-1);
  return {
    // Turns commit npc_state too (the lore they learned): only a chronicle part says a scene boundary has finished.
    turn:
      checkpoint === null || chronicle === null
        ? null
        : (store.turns().find((t) => t.id === checkpoint.turnId)?.number ?? null),
    chronicle:
      chronicle === null
        ? null
        : {
            cycle: chronicle.cycle,
            at: inWorldText(chronicle.at),
            story_state: chronicle.story_state,
            writer_guidance: chronicle.writer_guidance,
            took_in: chronicle.took_in,
          },
    lastCycle:
      last === undefined
        ? null
        : {
            cycle: last.cycle,
            at: inWorldText(last.at),
            events: last.events.map((event) => ({
              when: inWorldText(event.when),
              where: event.where,
              event: event.event,
            })),
          },
    pending: simulation.pending.map((item) => {
      const offered = deliveries[item.id] ?? 0;
      return {
        id: item.id,
        character: item.character,
        name: nameOf(item.character),
        urgency: item.urgency,
        what: item.what,
        approach: item.approach,
        raisedAt: inWorldText(item.raisedAt),
        offered,
        spent: offered >= OPENINGS_PER_URGENCY[item.urgency],
      };
    }),
    characters: pack.characters.map((character) => {
      const situation = simulation.situations[character.id];
      const lastSimulated = simulation.lastSimulated[character.id];
      return {
        id: character.id,
        name: character.name,
        tier: (roster === null ? null : tierOf(roster, character.id)) ?? packTierOf(character),
        lastSimulated: lastSimulated === undefined ? null : inWorldText(lastSimulated),
        situation:
          situation === undefined
            ? ''
            : [situation.location ?? '', situation.activity, situation.emotional_state]
                .filter((p) => p !== '')
                .join('; '),
        states: statesOf(character.id),
      };
    }),
  };
}
