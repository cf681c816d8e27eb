import type { PlayState } from './play-state.ts';
import type { LoreFacts, StateChanges } from './outputs.ts';

export const MAX_STATE_LEVEL = 30;

/**
 * The state-writing tools the extractors' outputs go through. Idempotent: levels are absolute and lore is keyed, so
 * applying the same output twice (a retried turn) changes nothing more than applying it once.
 */
export function setStates(state: PlayState, owner: string, changes: StateChanges): PlayState {
  const current = [...(state.states[owner] ?? [])];
  for (const change of changes.changes) {
    const index = current.findIndex((existing) => existing.name.toLowerCase() === change.name.toLowerCase());
    const level = Math.min(MAX_STATE_LEVEL, Math.max(0, change.level));
    const name = index >= 0 ? (current[index]?.name ?? change.name) : change.name;
    const next = { name, level, category: change.category };
    if (index >= 0) current[index] = next;
    else current.push(next);
  }
  return { ...state, states: { ...state.states, [owner]: current } };
}

export function upsertLore(state: PlayState, facts: LoreFacts, turn: number): PlayState {
  const lore = [...state.lore];
  for (const fact of facts.facts) {
    const index = lore.findIndex((entry) => entry.key.toLowerCase() === fact.key.toLowerCase());
    const entry = { key: index >= 0 ? (lore[index]?.key ?? fact.key) : fact.key, content: fact.content, turn };
    if (index >= 0) lore[index] = entry;
    else lore.push(entry);
  }
  return { ...state, lore };
}
