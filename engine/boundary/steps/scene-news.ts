import { z } from 'zod';
import { entityNamer, type StoryPack } from '../../pack/index.ts';
import { WARM_DIMENSIONS, type SceneNews } from '../../npc/index.ts';
import type { ClosedScene } from './closed-scene.ts';

/** Talk of who was seen together; anything done in the scene is worth more. */
const GATHERING_SALIENCE = 3;
const ACTION_SALIENCE = 5;
const RELATIONSHIP_SALIENCE = 4;
/** A rumour mill repeats a few things, not a transcript. */
export const MAX_NEWS = 3;

const actionSchema = z.object({
  type: z.literal('ActionPerformed'),
  actor: z.string(),
  action: z.string(),
  // An action without a target ("was seen to give") tells a listener nothing worth repeating: it does not parse.
  target: z.string(),
});
const shiftSchema = z.object({
  type: z.literal('RelationshipShifted'),
  from: z.string(),
  to: z.string(),
  dimension: z.string(),
  delta: z.number(),
});
const recordSchema = z.object({ kind: z.string(), event: z.unknown() });
type Observed = z.infer<typeof actionSchema> | z.infer<typeof shiftSchema>;

/**
 * What the closing scene gives others to talk about, from what anyone present could observe: who was together where,
 * and the factual events of its ledger and of the deferred work resolved at the boundary (actions, relationships
 * shifting). Never a thought, a whisper or a guarded fact:
 * only the ledger's observable events, in names.
 */
export function sceneNews(
  pack: StoryPack,
  personaId: string,
  scene: ClosedScene,
  resolved: readonly { readonly record: unknown }[] = [],
): readonly SceneNews[] {
  const name = entityNamer(pack, personaId);
  const place = name(scene.location);
  const news = (text: string, salience: number, entities: readonly string[]): SceneNews => ({
    text,
    salience,
    time: scene.time,
    place: scene.location,
    entities: [...new Set(entities.map((id) => (id === 'player' ? personaId : id)))],
  });
  const cast = scene.present.filter((id) => id === personaId || pack.characters.some((c) => c.id === id));
  const gathering =
    cast.length >= 2
      ? [news(`${listOf(cast.map(name))} were seen together at ${place}`, GATHERING_SALIENCE, cast)]
      : [];
  const happenings = observedEvents([...scene.ledger, ...resolved]).map((event) =>
    event.type === 'ActionPerformed'
      ? news(`${name(event.actor)} was seen to ${event.action} ${name(event.target)} at ${place}`, ACTION_SALIENCE, [
          event.actor,
          event.target,
        ])
      : news(
          `${name(event.from)} ${shiftPhrase(event.dimension, event.delta)} ${name(event.to)} at ${place}`,
          RELATIONSHIP_SALIENCE,
          [event.from, event.to],
        ),
  );
  const unique = [...new Map([...happenings, ...gathering].map((item) => [item.text, item])).values()];
  return unique.sort((a, b) => b.salience - a.salience).slice(0, MAX_NEWS);
}

export function observedEvents(ledger: readonly { readonly record: unknown }[]): readonly Observed[] {
  return ledger.flatMap(({ record }): Observed[] => {
    const parsed = recordSchema.safeParse(record);
    if (!parsed.success || parsed.data.kind !== 'event') return [];
    const action = actionSchema.safeParse(parsed.data.event);
    if (action.success) return [action.data];
    const shift = shiftSchema.safeParse(parsed.data.event);
    return shift.success ? [shift.data] : [];
  });
}

/**
 * How talk puts a relationship shift, keeping its dimension: "warmed to" only for a warm one; a rise in wariness is
 * not warming, so any other dimension is told as more or less of itself.
 */
function shiftPhrase(dimension: string, delta: number): string {
  const words = dimension.replace(/[-_]/gu, ' ');
  if (WARM_DIMENSIONS.has(words.toLowerCase())) return delta >= 0 ? 'warmed to' : 'turned against';
  return `showed ${delta >= 0 ? 'more' : 'less'} ${words} toward`;
}

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

const deferredSchema = z.object({ outcome: z.object({ kind: z.string(), record: z.unknown() }) });

/**
 * The ledger records among the deferred work the scene held for the boundary (the snapshot's, the same the
 * deferred_events step lists); directives carry none. An item not shaped like a DeferredEvent is a bug and fails the
 * step: quietly spreading no news would hide it.
 */
export function deferredRecords(deferred: readonly unknown[]): readonly { readonly record: unknown }[] {
  return deferred.flatMap((item, index) => {
    const parsed = deferredSchema.safeParse(item);
    if (!parsed.success) throw new Error(`deferred item ${index + 1} is unreadable: ${z.prettifyError(parsed.error)}`);
    return parsed.data.outcome.kind === 'record' ? [{ record: parsed.data.outcome.record }] : [];
  });
}
