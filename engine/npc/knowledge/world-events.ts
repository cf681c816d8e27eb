import type { InWorldMinute } from '../in-world-time.ts';
import type { KnowledgeDraft, Provenance } from './entry.ts';
import { recordKnowledge, type KnowledgeStore } from './store.ts';

/** A simulation's (or the Chronicler's) `world_events_emitted` item: something anyone could now discover. */
export type EmittedWorldEvent = {
  readonly when: InWorldMinute;
  readonly where: string | null;
  readonly event: string;
  readonly entities?: readonly string[];
  readonly salience?: number;
};

export const WORLD_EVENT_TAG = 'world-event';
/** The spec gives emitted events no salience; a middling default lets a stage's own salience override it. */
export const DEFAULT_WORLD_EVENT_SALIENCE = 5;

/** world_events_emitted as World KG drafts (npc-simulation.md): facts tagged `world-event`. */
export function worldEventDrafts(events: readonly EmittedWorldEvent[], provenance: Provenance): KnowledgeDraft[] {
  return events.map((event) => ({
    kind: 'fact',
    text: event.event,
    time: event.when,
    place: event.where,
    entities: event.entities ?? [],
    salience: event.salience ?? DEFAULT_WORLD_EVENT_SALIENCE,
    tags: [WORLD_EVENT_TAG],
    provenance,
  }));
}

/** world_events_emitted go to the World KG (npc-simulation.md), as facts tagged `world-event`. */
export function recordWorldEvents(
  store: KnowledgeStore,
  events: readonly EmittedWorldEvent[],
  provenance: Provenance,
): KnowledgeStore {
  return recordKnowledge(store, { kind: 'world' }, worldEventDrafts(events, provenance));
}
