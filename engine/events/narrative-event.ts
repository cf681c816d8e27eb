/**
 * The factual event taxonomy of event-system.md ("Factual Events"). Field names keep the spec's snake_case so the
 * ledger and the debug panel read like the spec. Ids are plain strings: the rooms that mint them own their shape.
 */
export type EntityId = string;
export type SceneId = string;
export type PersistenceTier = string;
/** A world-state value as it appears in the truth set (stringified there so propositions stay comparable). */
export type WorldValue = string | number | boolean | null;

export type NarrativeEvent =
  // Player actions (classifier agents)
  | {
      readonly type: 'ActionPerformed';
      readonly actor: EntityId;
      readonly action: string;
      readonly target: EntityId | null;
    }
  | {
      readonly type: 'SpeechAct';
      readonly speaker: EntityId;
      readonly addressee: EntityId | null;
      readonly content_hash: string;
    }
  | { readonly type: 'MovementAction'; readonly actor: EntityId; readonly from: string; readonly to: string }
  | { readonly type: 'ExaminationAction'; readonly actor: EntityId; readonly target: EntityId }
  // System events
  | { readonly type: 'SceneEntered'; readonly scene_id: SceneId; readonly characters: readonly EntityId[] }
  | { readonly type: 'SceneExited'; readonly scene_id: SceneId; readonly character: EntityId }
  | { readonly type: 'CharacterArrival'; readonly character: EntityId; readonly scene_id: SceneId }
  | { readonly type: 'CharacterDeparture'; readonly character: EntityId; readonly scene_id: SceneId }
  | { readonly type: 'InformationRevealed'; readonly gate_id: string; readonly recipient: EntityId }
  | {
      readonly type: 'ConstraintViolation';
      readonly actor: EntityId;
      readonly action: string;
      readonly constraint: string;
    }
  // Entity events
  | { readonly type: 'EntityPromoted'; readonly entity: EntityId; readonly to_tier: PersistenceTier }
  | { readonly type: 'EntityDemoted'; readonly entity: EntityId; readonly from_tier: PersistenceTier }
  | { readonly type: 'EntityDissolved'; readonly entity: EntityId }
  | {
      readonly type: 'WorldStateChanged';
      readonly key: string;
      readonly old_value: WorldValue;
      readonly new_value: WorldValue;
    }
  // Relational events (confirmed by the Storykeeper)
  | {
      readonly type: 'RelationshipShifted';
      readonly from: EntityId;
      readonly to: EntityId;
      readonly dimension: string;
      readonly delta: number;
    }
  | { readonly type: 'GoalCompleted'; readonly goal_id: string; readonly scene_id: SceneId }
  | { readonly type: 'GateFired'; readonly gate_id: string; readonly scene_id: SceneId }
  | { readonly type: 'ThresholdCrossed'; readonly entity: EntityId; readonly threshold: string };

export type NarrativeEventType = NarrativeEvent['type'];
