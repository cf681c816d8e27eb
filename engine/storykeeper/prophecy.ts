import { DEFAULT_STORYKEEPER_CONFIG } from './defaults.ts';
import { clamp01 } from './numbers.ts';
import type { Prophecy } from './sub-graph.ts';
import type { Holds } from './truth.ts';

/** A prophecy's magnitude `age` turns after it was cast: it loses `decay` of what is left every turn. */
export function prophecyMagnitude(prophecy: Prophecy, age: number): number {
  return prophecy.magnitude * (1 - clamp01(prophecy.decay)) ** Math.max(0, age);
}

/** What the landscape needs to know about prophecies: when each was cast, and what fulfils them. */
export type ProphecyInputs = {
  readonly turn: number;
  /** Prophecy id → the turn it was cast; a prophecy not cast yet is absent. */
  readonly castAt: Readonly<Record<string, number>>;
  readonly completed: ReadonlySet<string>;
  readonly holds: Holds;
  readonly floor?: number;
};

export type ActiveProphecy = {
  readonly id: string;
  readonly type: string;
  readonly source: string;
  readonly targetScene: string;
  /** The decayed magnitude, before the prophetic weight. */
  readonly magnitude: number;
};

/** The prophecies cast and not yet fulfilled (target completed, or fulfilment holds) nor faded below the floor. */
export function activeProphecies(prophecies: readonly Prophecy[], inputs: ProphecyInputs): ActiveProphecy[] {
  const floor = inputs.floor ?? DEFAULT_STORYKEEPER_CONFIG.prophecyFloor;
  const active: ActiveProphecy[] = [];
  for (const prophecy of prophecies) {
    const castAt = inputs.castAt[prophecy.id];
    if (castAt === undefined || inputs.completed.has(prophecy.targetScene)) continue;
    if (prophecy.fulfilment !== undefined && inputs.holds(prophecy.fulfilment) > 0) continue;
    const magnitude = prophecyMagnitude(prophecy, inputs.turn - castAt);
    if (magnitude < floor) continue;
    const { id, type, source, targetScene } = prophecy;
    active.push({ id, type, source, targetScene, magnitude });
  }
  return active;
}
