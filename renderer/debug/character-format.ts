import type { ChronicleCharacterView, KnowledgeEntryView } from '../engine.ts';

/** The level from which a state is manifest: below it only extractors see it (pack schema, stateSchema). */
const MANIFEST_LEVEL = 6;

export const TIER_LABELS: Readonly<Record<ChronicleCharacterView['tier'], string>> = {
  arc_important: 'arc important',
  significant: 'significant',
  background: 'background',
};

export type CharacterState = ChronicleCharacterView['states'][number];

/** Manifest states first, strongest first; the subconscious ones after them. */
export function statesByLevel(states: readonly CharacterState[]): readonly CharacterState[] {
  return [...states].sort((a, b) => b.level - a.level);
}

export const isManifest = (state: CharacterState): boolean => state.level >= MANIFEST_LEVEL;

/** When and where an entry holds: "1768-09-29 22:10 · the-drowned-lantern". */
export function entryWhen(entry: KnowledgeEntryView): string {
  return entry.place === null ? entry.time : `${entry.time} · ${entry.place}`;
}

/** Where an entry came from: the stage that wrote it and, when there is one, its place in the log. */
export function entrySource(entry: KnowledgeEntryView): string {
  return entry.ref === null ? entry.source : `${entry.source} (${entry.ref})`;
}
