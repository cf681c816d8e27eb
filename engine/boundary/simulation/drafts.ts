import { type InWorldMinute, type KnowledgeDraft, type KnowledgeSource } from '../../npc/index.ts';
import type { LivedPeriod } from './outputs.ts';

/** Salience of a simulated scene kept whole: below what the character itself marks as mattering. */
export const SCENE_SALIENCE = 4;
export const SIMULATED_SCENE_TAG = 'simulated-scene';

export type DraftOptions = {
  readonly at: InWorldMinute;
  readonly place: string | null;
  /** Ids the story knows: entities a reply names that are not among them are dropped. */
  readonly known: ReadonlySet<string>;
  readonly source: KnowledgeSource;
  readonly ref: string;
  /** OffscreenInference's salience ceiling; null for a full simulation. */
  readonly cap: number | null;
};

type Period = Pick<LivedPeriod, 'scenes' | 'memories'>;

/** A lived or inferred period as drafts for the character's own KG: each scene whole, then each memory. */
export function periodDrafts(period: Period, options: DraftOptions): KnowledgeDraft[] {
  const provenance = { source: options.source, ref: options.ref };
  const scenes = period.scenes.map((scene): KnowledgeDraft => ({
    kind: 'memory',
    text: scene.narrative,
    time: options.at,
    place: options.place,
    salience: options.cap === null ? SCENE_SALIENCE : Math.min(SCENE_SALIENCE, options.cap),
    tags: [SIMULATED_SCENE_TAG],
    provenance,
  }));
  const memories = period.memories.map((memory): KnowledgeDraft => ({
    kind: 'memory',
    text: memory.text,
    time: options.at,
    place: options.place,
    entities: memory.entities.map((id) => id.trim().toLowerCase()).filter((id) => options.known.has(id)),
    salience: options.cap === null ? memory.salience : Math.min(memory.salience, options.cap),
    tags: memory.tags,
    provenance,
  }));
  return [...scenes, ...memories];
}

/** Salience of where a character now stands with another: it shapes how it meets them next. */
export const RELATIONSHIP_SALIENCE = 5;
export const RELATIONSHIP_TAG = 'relationship';

/**
 * A lived period's relationship_updates as memories of the character's own KG, so the change reaches its next
 * prompts (the social graph's ties only say how readily news passes). Updates about an unknown character are dropped.
 */
export function relationshipDrafts(
  updates: LivedPeriod['relationship_updates'],
  options: Pick<DraftOptions, 'at' | 'place' | 'source' | 'ref'>,
  who: (reference: string) => { readonly id: string; readonly name: string } | null,
): KnowledgeDraft[] {
  return updates.flatMap((update): KnowledgeDraft[] => {
    const other = who(update.character);
    if (other === null || update.change.trim() === '') return [];
    return [
      {
        kind: 'memory',
        text: `Where I stand with ${other.name} now: ${update.change.trim()}`,
        time: options.at,
        place: options.place,
        entities: [other.id],
        salience: RELATIONSHIP_SALIENCE,
        tags: [RELATIONSHIP_TAG],
        provenance: { source: options.source, ref: options.ref },
      },
    ];
  });
}
