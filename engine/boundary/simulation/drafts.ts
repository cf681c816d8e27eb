import {
  DEFAULT_WORLD_EVENT_SALIENCE,
  WORLD_EVENT_TAG,
  type CycleWorldEvent,
  type InWorldMinute,
  type KnowledgeDraft,
  type KnowledgeSource,
} from '../../npc/index.ts';
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

/** world_events go to the World KG as facts tagged `world-event` (npc-simulation.md, Boundary Rules). */
export function worldDrafts(
  events: readonly CycleWorldEvent[],
  source: KnowledgeSource,
  ref: string,
): KnowledgeDraft[] {
  return events.map((event) => ({
    kind: 'fact',
    text: event.event,
    time: event.when,
    place: event.where,
    entities: event.entities,
    salience: DEFAULT_WORLD_EVENT_SALIENCE,
    tags: [WORLD_EVENT_TAG],
    provenance: { source, ref },
  }));
}
