import { doorIsLocked } from './lookup.ts';
import type { Connection, WorldState } from './types.ts';

export type WorldPath = {
  /** Location ids from start to goal, both included. */
  readonly steps: readonly string[];
  readonly cost: number;
};

export type PathOptions = {
  /** Whether a way through a locked door counts (e.g. for an agent who holds the key). Default false. */
  readonly throughLocked?: boolean;
};

/**
 * The cheapest way by travel cost (Dijkstra along authored, one-way connections). Places are settled cheapest first,
 * equal costs by id, and an equally cheap way found later never replaces the first, so the same state always gives the
 * same path. Null when there is no way.
 */
export function getPath(state: WorldState, from: string, to: string, options: PathOptions = {}): WorldPath | null {
  if (state.locations[from] === undefined || state.locations[to] === undefined) return null;
  const passable = (connection: Connection): boolean =>
    state.locations[connection.to] !== undefined &&
    (options.throughLocked === true || !doorIsLocked(state, connection));
  const cost = new Map<string, number>([[from, 0]]);
  const previous = new Map<string, string>();
  const done = new Set<string>();
  for (;;) {
    const current = cheapestOpen(cost, done);
    if (current === null) return null;
    if (current === to) return { steps: trace(previous, to), cost: cost.get(to) ?? 0 };
    done.add(current);
    const spent = cost.get(current) ?? 0;
    const connections = [...(state.locations[current]?.connections ?? [])].sort((a, b) => (a.to < b.to ? -1 : 1));
    for (const connection of connections) {
      if (!passable(connection) || done.has(connection.to)) continue;
      const total = spent + connection.cost;
      if (total < (cost.get(connection.to) ?? Infinity)) {
        cost.set(connection.to, total);
        previous.set(connection.to, current);
      }
    }
  }
}

/** Scenes hold tens of places, so a linear scan beats a heap in clarity at no real cost. */
function cheapestOpen(cost: ReadonlyMap<string, number>, done: ReadonlySet<string>): string | null {
  let best: string | null = null;
  let bestCost = Infinity;
  for (const [id, value] of cost) {
    if (done.has(id)) continue;
    if (value < bestCost || (value === bestCost && best !== null && id < best)) {
      best = id;
      bestCost = value;
    }
  }
  return best;
}

function trace(previous: ReadonlyMap<string, string>, to: string): string[] {
  const steps = [to];
  let cursor = previous.get(to);
  while (cursor !== undefined) {
    steps.unshift(cursor);
    cursor = previous.get(cursor);
  }
  return steps;
}
