import type { EntityId, SceneId } from './narrative-event.ts';

/** InterpretiveJudgment of event-system.md ("Interpretive Events"): a weighted claim about meaning, not a fact. */
export type ShiftDirection = 'positive' | 'negative';

export type JudgmentCategory =
  // Relational
  | {
      readonly kind: 'TrustShift';
      readonly between: readonly [EntityId, EntityId];
      readonly direction: ShiftDirection;
      readonly magnitude: number;
    }
  | {
      readonly kind: 'AffectionShift';
      readonly between: readonly [EntityId, EntityId];
      readonly direction: ShiftDirection;
      readonly magnitude: number;
    }
  | { readonly kind: 'PowerDynamicShift'; readonly context: string }
  // Emotional
  | { readonly kind: 'EmotionalRegisterShift'; readonly from: string; readonly to: string }
  | {
      readonly kind: 'EmotionExpressed';
      readonly character: EntityId;
      readonly emotion: string;
      readonly intensity: number;
    }
  | { readonly kind: 'ToneDetected'; readonly quality: string; readonly in_speech_by: EntityId }
  // Thematic
  | { readonly kind: 'ThematicResonance'; readonly theme: string; readonly intensity: number }
  | { readonly kind: 'EchoResonance'; readonly echo_pattern: string; readonly character: EntityId }
  // Behavioural
  | { readonly kind: 'IntentInferred'; readonly actor: EntityId; readonly inferred_intent: string }
  | { readonly kind: 'DeceptionDetected'; readonly actor: EntityId; readonly confidence: number }
  | { readonly kind: 'VulnerabilityExpressed'; readonly character: EntityId }
  // Scene-level
  | { readonly kind: 'EngagementQuality'; readonly level: string }
  | { readonly kind: 'NarrativeStasis'; readonly duration_turns: number }
  | { readonly kind: 'DepartureSignificance'; readonly departure_type: string };

export type JudgmentCategoryKind = JudgmentCategory['kind'];

export type JudgmentSource =
  | { readonly kind: 'ClassifierAgent'; readonly model: string; readonly latency_ms: number }
  | { readonly kind: 'FrameComputation'; readonly step: string }
  | { readonly kind: 'StorykeeperInference' }
  | { readonly kind: 'NarratorObservation' };

/**
 * Stage 3 (sensitivity matching) writes provisional judgments; Stage 4 (deep interpretation) writes refined ones that
 * name the provisional judgment they replace.
 */
export type JudgmentStanding = 'provisional' | 'refined';

export interface InterpretiveJudgment {
  readonly id: string;
  /** The turn it was made in (the engine has no wall clock here: turns order the story). */
  readonly turn: number;
  readonly scene_id: SceneId;
  readonly source: JudgmentSource;
  readonly standing: JudgmentStanding;
  /** A refined judgment replaces the provisional one with this id (its propositions and accumulator deltas). */
  readonly replaces: string | null;
  readonly category: JudgmentCategory;
  /** In [0, 1]. */
  readonly confidence: number;
  readonly evidence: readonly string[];
  readonly description: string;
}
