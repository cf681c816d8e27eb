import type { World } from './change-log.ts';
import { write } from './tools.ts';

/** Where everyone is, what time of day it is and (between scenes) the weather, as the story outside the world says. */
export type Settling = {
  readonly positions: { readonly [agent: string]: string };
  /** In-world time as packs write it ("1768-09-29T21:31"); its time of day becomes the world's. */
  readonly time: string | null;
  readonly weather?: string | null;
};

/**
 * Brings the world to what the play state says through logged writes, so the change log replays to it: places of
 * agents the world knows (a character it does not hold yet is no change to it), the clock, and the weather. Writes are
 * idempotent: what already agrees logs nothing.
 */
export function settle(world: World, settling: Settling): World {
  let settled = world;
  const apply = (result: ReturnType<typeof write>) => {
    if (result.ok) settled = result.world;
  };
  for (const [agent, location] of Object.entries(settling.positions))
    if (settled.state.agents[agent] !== undefined) apply(write(settled, { type: 'place_agent', agent, location }));
  const minute = settling.time === null ? null : minuteOfPlayTime(settling.time);
  if (minute !== null) apply(write(settled, { type: 'set_time', minuteOfDay: minute }));
  const weather = settling.weather ?? null;
  if (weather !== null) apply(write(settled, { type: 'set_weather', weather }));
  return settled;
}

/** The minute of the day of an in-world time ("…T21:31" → 1291); null when it names a day alone. */
export function minuteOfPlayTime(time: string): number | null {
  const clock = /T(\d{2}):(\d{2})/u.exec(time);
  return clock === null ? null : Number(clock[1]) * 60 + Number(clock[2]);
}
