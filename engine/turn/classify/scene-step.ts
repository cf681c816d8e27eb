import type { DeferredEvent, Directive, LedgerRecord, NarrativeEvent } from '../../events/index.ts';
import { PLAYER } from '../../events/index.ts';
import type { EventState } from './event-state.ts';

export interface SceneStep {
  /** Events of the cast and the scene: applied first, at Tier 1. */
  readonly records: readonly LedgerRecord[];
  /** Tier 3 directives released at the boundary, for this turn's Narrator. */
  readonly directives: readonly Directive[];
  readonly entered: boolean;
  /** What is left waiting (everything, unless this turn opens a scene). */
  readonly deferred: readonly DeferredEvent[];
  readonly castChanged: boolean;
}

/**
 * The scene (the narrative graph's scene set where the persona is, else the place itself) and who is in it, as
 * events. A new place or an opened scene is a scene entry: everyone leaves the old scene, the new one is entered with its cast, and the work deferred to the boundary
 * is released. Within a scene, arrivals and departures are the difference from last turn's cast.
 */
export function sceneStep(
  events: EventState,
  place: { readonly location: string; readonly sceneId: string },
  present: readonly string[],
  opened: boolean,
): SceneStep {
  const { location, sceneId } = place;
  const event = (value: NarrativeEvent): LedgerRecord => ({ kind: 'event', event: value });
  const entered = opened || (events.location ?? events.sceneId) !== location;
  if (entered) {
    const exits = events.sceneId === '' ? [] : [PLAYER, ...events.present];
    const records = [
      ...exits.map((character) => event({ type: 'SceneExited', scene_id: events.sceneId, character })),
      ...events.deferred.flatMap((deferred) => (deferred.outcome.kind === 'record' ? [deferred.outcome.record] : [])),
      event({ type: 'SceneEntered', scene_id: sceneId, characters: [PLAYER, ...present] }),
    ];
    const directives = events.deferred.flatMap((deferred) =>
      deferred.outcome.kind === 'directive' ? [deferred.outcome.directive] : [],
    );
    return { records, directives, entered, deferred: [], castChanged: true };
  }
  const before = new Set(events.present);
  const now = new Set(present);
  const arrivals = present.filter((character) => !before.has(character));
  const departures = events.present.filter((character) => !now.has(character));
  const records = [
    ...departures.map((character) => event({ type: 'CharacterDeparture', character, scene_id: events.sceneId })),
    ...arrivals.map((character) => event({ type: 'CharacterArrival', character, scene_id: events.sceneId })),
  ];
  return { records, directives: [], entered, deferred: events.deferred, castChanged: records.length > 0 };
}
