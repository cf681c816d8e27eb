import { describeDuration, type InWorldMinute } from '../in-world-time.ts';
import type { PlannerSettings } from './settings.ts';

/** "Until morning", "until end of workday": a break the caller found in the story's calendar. */
export type NaturalBreak = { readonly at: InWorldMinute; readonly label: string };
/** The MC is heading toward a simulated character: simulate no further than their meeting. */
export type LikelyEncounter = { readonly at: InWorldMinute; readonly why: string };

export type SimulationWindow = {
  readonly from: InWorldMinute;
  readonly until: InWorldMinute;
  readonly minutes: number;
  readonly why: string;
};

/**
 * The stretch the simulated characters live through, starting now (npc-simulation.md, "Simulation Period"): the
 * default period, or until a natural break (which may be longer, up to maxPeriod), cut short by a likely encounter so
 * no one has lived past the moment the MC meets them. Times not after `now` cannot bound a period and are ignored.
 */
export function chooseWindow(
  now: InWorldMinute,
  settings: PlannerSettings,
  naturalBreak?: NaturalBreak,
  encounter?: LikelyEncounter,
): SimulationWindow {
  let until = now + settings.defaultPeriod;
  let why = `the default period (${describeDuration(settings.defaultPeriod)})`;
  if (naturalBreak !== undefined && naturalBreak.at > now) {
    const capped = naturalBreak.at > now + settings.maxPeriod;
    until = capped ? now + settings.maxPeriod : naturalBreak.at;
    why = capped
      ? `until ${naturalBreak.label}, capped at ${describeDuration(settings.maxPeriod)}`
      : `until ${naturalBreak.label}`;
  }
  if (encounter !== undefined && encounter.at > now && encounter.at < until) {
    until = encounter.at;
    why = `until a likely encounter: ${encounter.why}`;
  }
  return { from: now, until, minutes: until - now, why };
}
