/**
 * The Storykeeper as the debug drawer and `storyloom inspect` show it: the gravitational landscape of a turn (every
 * scene's mass, distance and pull; the attractors; gates, sub-graphs, prophecies; the strongest pull over the last
 * turns) and the Narrator's retrieved tier (every candidate with its factors, selected or dropped and why).
 */
export interface LandscapeSceneView {
  readonly id: string;
  readonly title: string;
  readonly type: string;
  readonly setting: string;
  readonly state: string;
  readonly mass: {
    readonly base: number;
    readonly structural: number;
    /** What the structural modifier is made of (gates, branch point …), each with its amount. */
    readonly structuralParts: readonly { readonly reason: string; readonly amount: number }[];
    readonly approachSatisfaction: number;
    /** The approach vector that matched best, if any. */
    readonly bestApproach: string | null;
    readonly approach: number;
    readonly total: number;
  };
  readonly distance: {
    readonly information: number;
    readonly emotional: number;
    readonly relational: number;
    readonly physical: number;
    /** The scene type's weight of each dimension. */
    readonly weights: {
      readonly information: number;
      readonly emotional: number;
      readonly relational: number;
      readonly physical: number;
    };
    readonly total: number;
  };
  readonly pull: number;
  readonly gates: readonly { readonly id: string; readonly open: boolean }[];
  /** The scene's exits: whether each holds now, and the scenes it leads to. */
  readonly exits: readonly { readonly id: string; readonly holds: boolean; readonly leadsTo: readonly string[] }[];
}

export interface LandscapeView {
  readonly turn: number;
  readonly location: string | null;
  readonly currentScene: string | null;
  readonly completedScenes: readonly string[];
  readonly scenes: readonly LandscapeSceneView[];
  readonly strongestAttractor: { readonly id: string; readonly pull: number } | null;
  /** The nearby attractors, strongest first. */
  readonly attractors: readonly { readonly id: string; readonly pull: number }[];
  readonly gates: readonly {
    readonly id: string;
    readonly open: boolean;
    readonly predicateHolds: boolean;
    readonly fired: boolean;
    readonly knownBy: readonly string[];
  }[];
  readonly subGraphs: readonly {
    readonly id: string;
    readonly collectiveMass: number;
    /** What the permeability drivers add up to, before the permeability curve. */
    readonly permeabilityInput: number;
    readonly permeability: number;
    readonly contribution: number;
    readonly engaged: boolean;
    readonly visits: number;
    readonly bridges: readonly string[];
  }[];
  readonly prophecies: readonly {
    readonly id: string;
    readonly type: string;
    readonly source: string;
    readonly targetScene: string;
    readonly magnitude: number;
  }[];
  /** The bridge objects in the current scene. */
  readonly bridges: readonly { readonly id: string; readonly object: string }[];
  /** The strongest attractor of each of the last turns (up to ten), oldest first. */
  readonly history: readonly { readonly turn: number; readonly attractor: string | null; readonly pull: number }[];
}

export interface ContextCandidateView {
  readonly id: string;
  readonly source: string;
  /** Empty for a withheld candidate. */
  readonly text: string;
  readonly tokens: number;
  readonly boundary: string;
  readonly factors: {
    readonly relevance: number;
    readonly modifier: number;
    readonly boundary: number;
    readonly recency: number;
    readonly temperature: number;
  };
  readonly score: number;
  readonly mandatory: boolean;
  readonly selected: boolean;
  /** Why it was left out: information_boundary, duplicate, below_minimum or over_budget. */
  readonly dropped: string | null;
  /** Why its source proposed it (lore: the key that matched, or "learned in turn 12"). */
  readonly activation?: string;
}

/** Constant lore in the Narrator's preamble: in insertion order within its own budget. */
export interface PreambleLoreView {
  readonly budget: number;
  readonly tokens: number;
  readonly entries: readonly {
    readonly id: string;
    readonly text: string;
    readonly tokens: number;
    readonly kept: boolean;
  }[];
}

export interface ContextView {
  readonly turn: number;
  /** False for a turn that classified no input (a command turn such as /end scene): it retrieved nothing. */
  readonly classified: boolean;
  readonly budget: number;
  readonly tokens: number;
  readonly overBudget: number;
  readonly candidates: readonly ContextCandidateView[];
  /** Absent in saves made before lore went through the Storykeeper. */
  readonly preamble?: PreambleLoreView;
}
