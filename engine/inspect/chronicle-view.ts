import type { ChronicleView } from '../api/index.ts';
import {
  describeValues,
  isStrong,
  ownSides,
  readStandings,
  inWorldText,
  OPENINGS_PER_URGENCY,
  restoreChronicleState,
  restoreSimulationState,
  tierOf,
} from '../npc/index.ts';
import { entityNamer, packTierOf, type StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { npcStateAt, openingDeliveries, PLAY_STATE_CHECKPOINT, playStateSchema } from '../turn/index.ts';
import { createdAt, withCreations, type Made } from '../turn/index.ts';

function createdMark(made: Made | undefined): { turn: number; why: string } | null {
  return made === undefined ? null : { turn: made.turn, why: made.why };
}

/** The Chronicler's and the simulation's state as of a turn (the last by default), for the API and `inspect`. */
export function chronicleView(store: SaveStore, packOnly: StoryPack, turn?: number): ChronicleView {
  const created = createdAt(store, turn);
  const pack = withCreations(packOnly, created);
  const madeOf = (id: string) => created.made.find((made) => made.id === id);
  const npc = npcStateAt(store, pack, turn);
  const chronicle = restoreChronicleState(npc.chronicle);
  const simulation = restoreSimulationState(npc.simulation);
  const { roster } = npc;
  const deliveries = openingDeliveries(store, turn);
  const play = playStateSchema.safeParse(store.latestCheckpoint(PLAY_STATE_CHECKPOINT, turn)?.data);
  // Before the first turn there is no play state yet: the pack's starting states are the characters' states.
  const statesOf = (id: string) =>
    play.success ? (play.data.states[id] ?? []) : (pack.characters.find((c) => c.id === id)?.states ?? []);
  const nameOf = (id: string) => pack.characters.find((character) => character.id === id)?.name ?? id;
  const standings = readStandings(npc.standings, store.path);
  const anyName = entityNamer(pack, store.meta().personaId);
  const last = simulation.cycles.at(-1);
  return {
    // Later turns commit npc_state too (the lore they learned, importance flags), carrying the chronicle over: the
    // chronicle is as of the closing turn of the last boundary run that finished, not of the latest npc_state.
    turn: chronicle === null ? null : (store.lastFinishedBoundaryRun(turn)?.turnNumber ?? null),
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
        // A character the roster does not rank (no roster, or one added to the pack since) has the pack's tier.
        tier: (roster === null ? null : tierOf(roster, character.id)) ?? packTierOf(character),
        lastSimulated: lastSimulated === undefined ? null : inWorldText(lastSimulated),
        situation:
          situation === undefined
            ? ''
            : [situation.location ?? '', situation.activity, situation.emotional_state]
                .filter((p) => p !== '')
                .join('; '),
        states: statesOf(character.id),
        standings: ownSides(standings, character.id).map((side) => ({
          to: side.to,
          toName: anyName(side.to),
          values: side.values,
          text: describeValues(side.values),
          why: side.why,
          strong: isStrong(side),
        })),
        created: createdMark(madeOf(character.id)),
      };
    }),
    created: created.made.map(({ kind, id, name, turn: at, why }) => ({ kind, id, name, turn: at, why })),
  };
}
