import { hours } from '../in-world-time.ts';

/** The thresholds of npc-simulation.md's "Simulation Timing", in in-world minutes. */
export type PlannerSettings = {
  /** A character is stale when more than this has passed since its last simulation or appearance. */
  readonly staleAfter: number;
  /** A character simulated at most this long ago is still fresh and is skipped. */
  readonly freshWithin: number;
  readonly defaultPeriod: number;
  /** The spec sets no ceiling on "until a natural break"; one simulation call should not live through a whole day. */
  readonly maxPeriod: number;
};

export const DEFAULT_PLANNER_SETTINGS: PlannerSettings = {
  staleAfter: hours(6),
  freshWithin: hours(2),
  defaultPeriod: hours(6),
  maxPeriod: hours(12),
};
