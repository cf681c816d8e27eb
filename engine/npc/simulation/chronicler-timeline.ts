/**
 * The Chronicler's off-by-one (npc-simulation.md, "Simulation Event Integration"). Post-scene cycle n runs after
 * scene n ends, and there the Chronicler and scene n's simulation run side by side: the Chronicler cannot see what
 * that simulation has not produced yet, so it receives the world_events_emitted of cycle n − 1. Cycle 1 has no
 * earlier simulation and receives none.
 */
export function simulationCycleForChronicler(cycle: number): number | null {
  if (!Number.isInteger(cycle) || cycle < 1) throw new RangeError(`cycles count from 1, got ${cycle}`);
  return cycle === 1 ? null : cycle - 1;
}

/** What one cycle's simulation emitted; a cycle that did not simulate has no record. */
export type CycleEvents<Event> = { readonly cycle: number; readonly events: readonly Event[] };

/**
 * The simulation events a Chronicler run in `cycle` receives: the previous cycle's and only those. A previous cycle
 * that did not simulate gives nothing, and events never reach it twice: each cycle's were handed to the next run.
 */
export function chroniclerSimulationEvents<Event>(
  cycle: number,
  emitted: readonly CycleEvents<Event>[],
): readonly Event[] {
  const source = simulationCycleForChronicler(cycle);
  if (source === null) return [];
  return emitted.filter((record) => record.cycle === source).flatMap((record) => record.events);
}
