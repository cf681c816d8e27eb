/**
 * Variables of the off-screen simulation templates (IntentCheck, StandaloneSimulation, the cohort's
 * SimulationModerator, OffscreenInference) and of the Chronicler. A character's sheet is built from its own view: the
 * pack's profile of it, the World KG and its own KG, never another character's or the persona's.
 */
export interface SimulatedCharacterSheet {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly personality: string;
  readonly faction: string;
  readonly goals: readonly string[];
  /** `21:00–00:00 at The Chapel: keeps vigil`, one per slot. */
  readonly routine: readonly string[];
  /** Its manifest states, `name (category, level)`, semicolon-separated. */
  readonly states: string;
  /** Where it is and what it was doing, as last known. */
  readonly situation: string;
  /** How it stands with others (its own side only): `Name: trust +0.60 (why)`, semicolon-separated; empty when none. */
  readonly standing: string;
  /** Its private knowledge from the pack (only ever its own). */
  readonly secrets: readonly string[];
  readonly knowledge: { readonly world: readonly string[]; readonly own: readonly string[] };
}

export interface SimulationPeriod {
  readonly from: string;
  readonly until: string;
  readonly length: string;
  readonly why: string;
}

interface StoryHeader {
  readonly title: string;
  readonly description: string;
}

export interface IntentCheckContext {
  readonly story: StoryHeader;
  readonly period: SimulationPeriod;
  readonly char: SimulatedCharacterSheet;
  /** The characters it is asked about: `id — name: what anyone can see of them`. */
  readonly others: readonly string[];
}

export interface StandaloneSimulationContext {
  readonly story: StoryHeader;
  readonly period: SimulationPeriod;
  /** `id — name` of everyone the story knows, for entities and character_events. */
  readonly cast: string;
  /** `id — name` of every place, for `where` and `ends_at`. */
  readonly places: string;
  readonly char: SimulatedCharacterSheet;
}

/**
 * The SimulationModerator's variables: public facts only — who the members are and where, when, and what each has said
 * or done aloud in this encounter. No sheet, goal, secret, memory or thought of any member.
 */
export interface CohortModeratorContext {
  readonly story: StoryHeader;
  readonly period: SimulationPeriod;
  readonly places: string;
  /** `Name (id), at <place>`, one per member. */
  readonly members: readonly string[];
  /** The encounter so far, as everyone saw it: the moderator's moments and the members' public words and deeds. */
  readonly transcript: readonly string[];
  readonly round: number;
  readonly max_rounds: number;
}

/** One member's turn in a round: its own sheet and notes, and only the public rest. */
export interface CohortMemberContext {
  readonly story: StoryHeader;
  readonly period: SimulationPeriod;
  readonly char: SimulatedCharacterSheet;
  /** The other members: `id — name: what anyone can see of them`. */
  readonly others: readonly string[];
  /** What this member privately thought and intended in earlier rounds (its own, never another's). */
  readonly notes: readonly string[];
  readonly transcript: readonly string[];
  readonly round: number;
  readonly max_rounds: number;
}

/** One member's account of the whole period once the encounter is over. */
export interface CohortMemberAccountContext {
  readonly story: StoryHeader;
  readonly period: SimulationPeriod;
  readonly cast: string;
  readonly places: string;
  readonly char: SimulatedCharacterSheet;
  readonly others: readonly string[];
  readonly notes: readonly string[];
  readonly transcript: readonly string[];
}

export interface OffscreenInferenceContext {
  readonly story: StoryHeader;
  readonly period: SimulationPeriod;
  readonly cast: string;
  readonly places: string;
  readonly char: SimulatedCharacterSheet;
  /** What happened to it in others' simulations (the events log), `time — who: event`. */
  readonly events: readonly string[];
  readonly max_salience: number;
}

export interface ChroniclerContext {
  readonly story: StoryHeader;
  readonly time: { readonly previous: string; readonly now: string; readonly elapsed: string };
  /** The scene that just ended, public lines only (narration and dialog not whispered). */
  readonly scene: readonly string[];
  /** Its own previous story_state, as JSON text (empty on the first run). */
  readonly previous: string;
  readonly momentum: readonly string[];
  /** The previous cycle's simulation world events (off by one). */
  readonly simulation_events: readonly string[];
  /** The World KG, best first. */
  readonly world: readonly string[];
  /** The weather as the scene ended (empty for packs without a world model). */
  readonly weather: string;
}

export interface LoreCrafterContext {
  readonly story: StoryHeader;
  /** The World KG, best first. */
  readonly world: readonly string[];
  /** The Chronicler's requests, numbered from 1 (the reply names them by number). */
  readonly requests: readonly {
    readonly number: number;
    readonly subject: string;
    readonly question: string;
    readonly why: string;
  }[];
}
