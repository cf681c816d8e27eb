import { propositionKey, type LedgerRecord, type TruthSet } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import { mentionedPropositions } from '../../storykeeper/index.ts';
import { phaseOfDay } from '../../world/index.ts';
import { minuteOfDay } from '../world-time.ts';

/** The world-state key of the time of day: `WorldState(time_of_day,night|dawn|day|dusk)`. */
export const TIME_OF_DAY = 'time_of_day';

/**
 * The clock as the truth set sees it (scene-state.md, Time State: the phase of day): when in-world time has moved
 * into another phase since the truth set last heard — a turn's journey, `/skip`, a scene boundary — a
 * WorldStateChanged moves `WorldState(time_of_day,…)`, and the triggers, gates and scene goals that wait on it fire
 * in the turn's first cascade. Only a story that names `WorldState(time_of_day,…)` somewhere keeps the clock in its
 * truth set: nothing else would read it.
 */
export function timeOfDayRecords(pack: StoryPack, truth: TruthSet, time: string): LedgerRecord[] {
  const prefix = `WorldState(${TIME_OF_DAY},`;
  const waits = mentionedPropositions(pack).some(({ proposition }) => proposition.startsWith(prefix));
  if (!waits) return [];
  const phase = phaseOfDay(minuteOfDay(time));
  const held = truth.slots.get(`world:${TIME_OF_DAY}`) ?? null;
  if (held === propositionKey('WorldState', TIME_OF_DAY, phase)) return [];
  const old = held === null ? null : held.slice(prefix.length, -1);
  return [{ kind: 'event', event: { type: 'WorldStateChanged', key: TIME_OF_DAY, old_value: old, new_value: phase } }];
}
