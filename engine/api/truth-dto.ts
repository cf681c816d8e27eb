/**
 * The truth set as the debug drawer and `storyloom inspect <save> truth` show it: what is true as of a turn, what
 * changed since the turn before, every trigger with why it holds or not, and how the turn was classified.
 */
export interface TraceNode {
  readonly label: string;
  readonly fired: boolean;
  readonly score: number;
  readonly reason: string;
  readonly provisional: boolean;
  readonly children: readonly TraceNode[];
}

export interface TriggerView {
  readonly id: string;
  readonly subscriber: string;
  readonly tier: string;
  /** Its predicate holds against the truth set as of the turn. */
  readonly holds: boolean;
  /** It fired in this turn (with the depth of the cascade step and whether a provisional judgment carried it). */
  readonly firing: { readonly depth: number; readonly provisional: boolean } | null;
  readonly lastFiredTurn: number | null;
  /** False once a OneShot has fired or an UntilCondition has ended. */
  readonly active: boolean;
  readonly trace: TraceNode;
}

export interface JudgmentView {
  readonly id: string;
  readonly proposition: string;
  readonly confidence: number;
  readonly standing: 'provisional' | 'refined';
  readonly description: string;
}

export interface ClassificationView {
  /** Stage 1's reading of the input, e.g. "speak to kit-wickett; take (brass-lantern)". */
  readonly parse: string;
  readonly violation: { readonly action: string; readonly constraint: string; readonly reason: string } | null;
  readonly judgments: readonly JudgmentView[];
  readonly held: readonly { readonly subscriptionId: string; readonly reason: string }[];
  readonly directives: readonly string[];
  /** Tier 3 work this turn queued for the scene boundary. */
  readonly deferred: number;
  readonly refreshed: readonly string[];
  readonly sensitivityEntries: number;
  readonly interpretation: 'none' | 'landed' | 'pending' | 'failed';
  readonly reconciliations: readonly {
    readonly fromTurn: number;
    readonly failure: string | null;
    readonly notes: readonly {
      readonly proposition: string;
      readonly provisional: number | null;
      readonly refined: number;
      readonly verdict: string;
    }[];
    readonly mayBeRevised: readonly string[];
  }[];
  /** The world's change log of the turn, one line per change. */
  readonly worldChanges: readonly string[];
}

export interface TruthView {
  readonly saveId: string;
  readonly turn: number;
  readonly latestTurn: number;
  readonly minConfidence: number;
  readonly factual: readonly { readonly key: string; readonly sinceTurn: number }[];
  readonly interpretive: readonly {
    readonly key: string;
    readonly confidence: number;
    readonly standing: 'provisional' | 'refined';
    readonly judgmentId: string;
    readonly sinceTurn: number;
  }[];
  readonly accumulators: readonly { readonly key: string; readonly value: number }[];
  /** Since the turn before: propositions that entered, left, or changed weight (accumulators included). */
  readonly diff: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly { readonly key: string; readonly from: number; readonly to: number }[];
  };
  readonly triggers: readonly TriggerView[];
  readonly classification: ClassificationView | null;
}
