import { phaseOfDay } from './time-of-day.ts';
import type { Scalar, WorldState } from './types.ts';

/**
 * One fact of the physical world, as the event system's truth set names it (`At(agent,place)`,
 * `WorldState(key,value)`): the world is its one source, the truth set takes it from here. A slot holds one value at a
 * time (an agent is in one place), so a fact replaces the one before it in its slot.
 */
export type WorldFact =
  | { readonly kind: 'position'; readonly slot: string; readonly agent: string; readonly location: string }
  | { readonly kind: 'state'; readonly slot: string; readonly key: string; readonly value: Scalar };

/** The world-state key of the time of day: `WorldState(time_of_day,night|dawn|day|dusk)`. */
export const TIME_OF_DAY = 'time_of_day';

/**
 * Every fact of the world the truth set can read: where each agent is, each object's state (`<object>.<key>`), the
 * story's flags and the time of day. Sorted by slot, so the same world always reads the same.
 */
export function worldFacts(state: WorldState): WorldFact[] {
  const facts: WorldFact[] = [
    ...Object.values(state.agents).map((agent): WorldFact => ({
      kind: 'position',
      slot: `location:${agent.id}`,
      agent: agent.id,
      location: agent.location,
    })),
    ...Object.values(state.objects).flatMap((object) =>
      Object.entries(object.state).map(([key, value]) => stateFact(`${object.id}.${key}`, value)),
    ),
    // The clock owns the time of day: a flag of that name is not a second one.
    ...Object.entries(state.environment.flags)
      .filter(([key]) => key !== TIME_OF_DAY)
      .map(([key, value]) => stateFact(key, value)),
    stateFact(TIME_OF_DAY, phaseOfDay(state.environment.minuteOfDay)),
  ];
  return facts.sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
}

function stateFact(key: string, value: Scalar): WorldFact {
  return { kind: 'state', slot: `world:${key}`, key, value };
}
