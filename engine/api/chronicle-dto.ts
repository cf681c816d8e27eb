/**
 * The Chronicler and off-screen simulation as the debug drawer and `storyloom inspect <save> chronicle` show them:
 * the story's fabric, the guidance for the next scene opening, the last simulation cycle, the characters who seek the
 * protagonist, and each character's tier and last simulation. Times are in-world ("1768-09-29 21:30").
 */
export interface StoryStateView {
  readonly dramatic_questions: readonly {
    readonly question: string;
    readonly tension_level: string;
    readonly resolution_proximity: string;
  }[];
  readonly promises: readonly { readonly setup: string; readonly payoff_readiness: string }[];
  readonly active_threads: readonly { readonly name: string; readonly status: string; readonly momentum: string }[];
  readonly stakes: readonly { readonly what: string; readonly condition: string; readonly deadline: string | null }[];
  readonly windows: readonly { readonly opportunity: string; readonly closes: string; readonly if_missed: string }[];
  readonly world_momentum: readonly {
    readonly name: string;
    readonly status: string;
    readonly trajectory: string;
    readonly last_event: string;
    readonly mc_awareness: string;
  }[];
}

export interface WriterGuidanceView {
  readonly weave_in: readonly string[];
  /** Mandatory: consequences the next scene opening must show. */
  readonly manifesting_now: readonly string[];
  readonly opportunities_present: readonly string[];
  readonly tonal_direction: string;
  readonly promises_ready: readonly string[];
  readonly dont_forget: readonly string[];
  readonly world_momentum_notes: readonly string[];
}

export interface PendingInteractionView {
  readonly id: string;
  readonly character: string;
  readonly name: string;
  readonly urgency: 'immediate' | 'high' | 'medium' | 'low';
  readonly what: string;
  readonly approach: string;
  readonly raisedAt: string;
  /** Scene openings it has been offered at, and whether it is spent (offered as often as its urgency allows). */
  readonly offered: number;
  readonly spent: boolean;
}

export interface ChronicleCharacterView {
  readonly id: string;
  readonly name: string;
  readonly tier: 'arc_important' | 'significant' | 'background';
  readonly lastSimulated: string | null;
  /** Where it is and what it is doing, as the last simulation or inference left it (empty when never). */
  readonly situation: string;
  /** Its states as of the turn; below level 6 a state is subconscious (only extractors see it). */
  readonly states: readonly { readonly name: string; readonly level: number; readonly category: string }[];
  /** How it stands with others (its own side of each pair): −1…1 per dimension, the last reason it moved. */
  readonly standings: readonly StandingView[];
  /** Set when the story created it (the Narrator's creation request) rather than the pack: when, and why. */
  readonly created: { readonly turn: number; readonly why: string } | null;
}

/** A person, place or thing the story created (the Narrator asked for it); the pack does not have it. */
export interface CreatedView {
  readonly kind: 'character' | 'location' | 'object';
  readonly id: string;
  readonly name: string;
  readonly turn: number;
  readonly why: string;
}

export interface StandingView {
  /** The other side of the pair (a character or the persona). */
  readonly to: string;
  readonly toName: string;
  readonly values: { readonly [dimension: string]: number };
  /** The values as words: `fear +0.70, trust −0.20`. */
  readonly text: string;
  readonly why: string;
  /** Some dimension is at least ±0.6: the simulation planner counts the pair as a strong relationship. */
  readonly strong: boolean;
}

export interface ChronicleView {
  /** The closing turn of the last scene boundary finished by then, whose chronicle is shown (null: none yet). */
  readonly turn: number | null;
  readonly chronicle: {
    readonly cycle: number;
    readonly at: string;
    readonly story_state: StoryStateView;
    readonly writer_guidance: WriterGuidanceView;
    /** The previous cycle's simulation events it took in (off by one). */
    readonly took_in: readonly string[];
  } | null;
  readonly lastCycle: {
    readonly cycle: number;
    readonly at: string;
    readonly events: readonly { readonly when: string; readonly where: string | null; readonly event: string }[];
  } | null;
  readonly pending: readonly PendingInteractionView[];
  readonly characters: readonly ChronicleCharacterView[];
  /** Everything the story created so far, in order (the characters among it are marked in `characters` too). */
  readonly created: readonly CreatedView[];
}
