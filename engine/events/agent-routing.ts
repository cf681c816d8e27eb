import { judgmentSubjects } from './judgment-of-proposition.ts';
import type { LedgerRecord } from './ledger.ts';
import type { PriorityTier } from './subscription.ts';

/**
 * The event bus side of subscriptions (event-system.md, The Subscriber Model): agents subscribe to event patterns at
 * a tier. These route events to agents; the predicate subscriptions of packs fire effects.
 */
export type RouteFilter = 'addressee_is_self' | 'target_is_self_or_nearby' | 'character_is_nearby' | 'involves_self';

export interface EventPattern {
  readonly record: 'event' | 'judgment' | 'any';
  /** An event type or a judgment category; null matches all of `record`. */
  readonly type: string | null;
  readonly filter: RouteFilter | null;
}

export interface AgentRoute {
  readonly subscriber: string;
  /** The character a Character Agent route is for (`self` in its filter). */
  readonly self: string | null;
  readonly pattern: EventPattern;
  readonly tier: PriorityTier;
  readonly purpose: string;
}

type RouteSpec = readonly [string | null, EventPattern['record'], RouteFilter | null, PriorityTier, string];

const WORLD: readonly RouteSpec[] = [
  ['ActionPerformed', 'event', null, 'immediate', 'validate physical possibility'],
  ['MovementAction', 'event', null, 'immediate', 'validate traversal, update location'],
  ['EntityPromoted', 'event', null, 'scene_local', 'entity lifecycle management'],
  ['WorldStateChanged', 'event', null, 'scene_local', 'constraint recalculation'],
  ['EntityDissolved', 'event', null, 'deferred', 'cleanup'],
];
const STORYKEEPER: readonly RouteSpec[] = [
  ['GateFired', 'event', null, 'immediate', 'information release'],
  ['GoalCompleted', 'event', null, 'immediate', 'posterior node evaluation'],
  ['ThresholdCrossed', 'event', null, 'immediate', 'narrative graph update'],
  ['RelationshipShifted', 'event', null, 'scene_local', 'relational web update'],
  [null, 'judgment', null, 'scene_local', 'frame update evaluation'],
  ['SceneExited', 'event', null, 'immediate', 'scene transition initiation'],
  // Not in the spec's list but in its flying-player walk-through: the Storykeeper turns it into constraint guidance.
  ['ConstraintViolation', 'event', null, 'immediate', 'constraint guidance for the Narrator'],
  ['DepartureSignificance', 'judgment', null, 'scene_local', 'consequence computation'],
  ['NarrativeStasis', 'judgment', null, 'scene_local', 'graduated response initiation'],
  [null, 'any', null, 'deferred', 'ledger recording, graph recalculation'],
];

const route = (
  subscriber: string,
  self: string | null,
  [type, record, filter, tier, purpose]: RouteSpec,
): AgentRoute => ({
  subscriber,
  self,
  pattern: { record, type, filter },
  tier,
  purpose,
});

/** The spec's default subscriptions. Character Agents get no Tier 1 routes: they answer after factual validation. */
export function defaultAgentSubscriptions(characters: readonly string[]): AgentRoute[] {
  const characterRoutes = characters.flatMap((character) =>
    (
      [
        ['SpeechAct', 'event', 'addressee_is_self', 'scene_local', 'respond to being spoken to'],
        ['ActionPerformed', 'event', 'target_is_self_or_nearby', 'scene_local', 'react to relevant actions'],
        ['EmotionExpressed', 'judgment', 'character_is_nearby', 'scene_local', 'react to emotional cues'],
        [null, 'judgment', 'involves_self', 'scene_local', 'frame adjustment'],
      ] satisfies readonly RouteSpec[]
    ).map((spec) => route(`character:${character}`, character, spec)),
  );
  return [
    ...WORLD.map((spec) => route('world', null, spec)),
    ...STORYKEEPER.map((spec) => route('storykeeper', null, spec)),
    ...characterRoutes,
  ];
}

/** The routes an event or judgment reaches; `nearby` names who is near a character (from the world's spatial model). */
export function routeRecord(
  record: LedgerRecord,
  routes: readonly AgentRoute[],
  nearby: (character: string) => ReadonlySet<string>,
): AgentRoute[] {
  const type = record.kind === 'event' ? record.event.type : record.judgment.category.kind;
  return routes.filter(({ pattern, self }) => {
    if (pattern.record !== 'any' && pattern.record !== record.kind) return false;
    if (pattern.type !== null && pattern.type !== type) return false;
    return pattern.filter === null || passes(pattern.filter, record, self, nearby);
  });
}

function passes(
  filter: RouteFilter,
  record: LedgerRecord,
  self: string | null,
  nearby: (character: string) => ReadonlySet<string>,
): boolean {
  if (self === null) return false;
  const near = (entity: string | null): boolean => entity !== null && (entity === self || nearby(self).has(entity));
  switch (filter) {
    case 'addressee_is_self':
      return record.kind === 'event' && record.event.type === 'SpeechAct' && record.event.addressee === self;
    case 'target_is_self_or_nearby':
      return record.kind === 'event' && record.event.type === 'ActionPerformed' && near(record.event.target);
    case 'character_is_nearby':
      return (
        record.kind === 'judgment' &&
        record.judgment.category.kind === 'EmotionExpressed' &&
        near(record.judgment.category.character)
      );
    case 'involves_self':
      return record.kind === 'judgment' && judgmentSubjects(record.judgment.category).includes(self);
  }
}
