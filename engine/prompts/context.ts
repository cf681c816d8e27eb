/**
 * The variables a stage template sees (pipeline-rules.md "Context Injection"). Built by the turn from a view for one
 * principal, so a template can only print what that principal may see.
 */
export interface PromptMessage {
  readonly owner: string;
  readonly name: string;
  readonly type: string;
  readonly content: string;
  readonly mood: string | null;
  readonly turn: number;
  /**
   * Written this turn, after its scene markers. The Narrator's template prints these after what all of a turn's calls
   * share (instructions, the story before the turn, Tier 3 as it stood), so each later call finds that in the KV cache.
   */
  readonly current: boolean;
  /** The message as one line of history, ready to print. */
  readonly line: string;
  /**
   * A character's intent and dialog: the lore this message of the turn is the first to activate, as `- key: content`
   * lines. Printed after it, the lore stays where the turn's later calls find it in the KV cache.
   */
  readonly recalls?: string;
}

export interface PromptState {
  readonly name: string;
  readonly level: number;
  readonly category: string;
  readonly is_manifest: boolean;
  readonly is_subconscious: boolean;
}

export interface PromptCharacter {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly personality: string;
  readonly voice: { readonly style: string; readonly examples: readonly string[] };
  readonly states: string;
  readonly all_states: string;
  readonly knowledge: string;
  /** A background figure's partial profile (PartialProfileCrafter), once it has recurred; absent otherwise. */
  readonly profile?: string;
  /** What the character was doing off-stage since it was last in a scene (off-screen simulation); absent otherwise. */
  readonly offstage?: string;
  /** How it stands with others (trust, affection, fear …, −1…1, why): its own side only, in its own stages. */
  readonly standing?: string;
  /** Its card's `scenario`: the situation it is in (its own intent and dialog stages; absent when it has none). */
  readonly scenario?: string;
  /**
   * Its card's `system_prompt` and `post_history_instructions`: how its author wants it played. Only in its own dialog
   * stage, never in another principal's prompt; absent when the card has none.
   */
  readonly instructions?: string;
  readonly post_history?: string;
}

export interface PromptContext {
  readonly story: {
    readonly title: string;
    readonly description: string;
    readonly language: string;
    /** The pack's `style`: the Narrator's standing instructions (empty when the pack gives none). */
    readonly genre: string;
    readonly voice: string;
    readonly constraints: readonly string[];
  };
  readonly player_name: string;
  readonly player: {
    readonly id: string;
    readonly description: string;
    readonly states: readonly PromptState[];
    readonly state_lines: readonly string[];
  };
  readonly char?: PromptCharacter;
  /**
   * `summary`: the scene's cast as it was entered (the Narrator's Tier 1, fixed for the scene so its cached prefix
   * survives arrivals); `arrived`: who has come since, in the same form; `states`: visible states (the Narrator's:
   * the manifest states of the persona and of everyone present).
   */
  readonly chars: { readonly summary: string; readonly arrived: string; readonly states: string };
  readonly location: { readonly name: string; readonly description: string };
  /**
   * Lore for this principal, activated by keys over what it saw. The Narrator: `text` is the constant lore of its
   * preamble and `learned` is empty (the rest reaches it through `guidance.retrieved`). Other stages: `text` is the
   * authored lore in play, `learned` the learned facts named or recent. A character's intent and dialog: those two as
   * the story before the turn activated them; what the turn's own lines activate besides is each line's `recalls`.
   */
  readonly lore: { readonly text: string; readonly learned: string };
  /**
   * What the principal recalls of the knowledge graphs (lore aside), one `- entry` per line, best first: `world`, the
   * World KG; `own`, its own graph (a character's, or the persona's). The Narrator gets the World KG only.
   */
  readonly knowledge: { readonly world: string; readonly own: string };
  /** The stream as this principal may see it (pipeline-rules.md `msgs`), in order. */
  readonly msgs: readonly PromptMessage[];
  /**
   * The public part of `msgs` (narration, dialog, and for the Narrator scene markers): the same for every principal of
   * a stage kind, so printing it first gives all of them one cached prompt prefix.
   */
  readonly history: readonly PromptMessage[];
  /** The private part of `msgs`: the principal's own thoughts and intentions (and the Narrator's one intention). */
  readonly inner: readonly PromptMessage[];
  /** `begun`: the history holds messages of this turn (see PromptMessage.current). */
  readonly turn: { readonly number: number; readonly narration: string; readonly begun: boolean };
  readonly intention?: { readonly owner_name: string; readonly content: string; readonly whisper_to?: string };
  readonly cue?: { readonly mood: string; readonly context: string };
  /** Narrator only: the turn's guidance, and `silence` when no one else acts. */
  readonly guidance: NarratorGuidance & { readonly silence: boolean };
  /**
   * Narrator only, Tier 2 beyond the history window: the turns that scrolled out of it, compressed with age (one line
   * each, `[turn N] …`). Empty while the whole story still fits the window.
   */
  readonly journal: { readonly earlier: string };
  /** How many past messages a template prints (`{{#last history limits.history}}`); from the pack's tuning. */
  readonly limits: { readonly history: number };
}

/** What classification and the scene opening ask of the Narrator (its template's `guidance`). */
export interface NarratorGuidance {
  /** Empty unless the world refused the intention: then render the attempt failing, change nothing. */
  readonly constraint: string;
  /** One line per mandated shift or echo from fired triggers, for the Narrator to weave in. */
  readonly directions: string;
  /** Tier 3: what the Storykeeper retrieved for this turn (structured narrative facts, one per line, best first). */
  readonly retrieved: string;
  /**
   * Tier 3's lines as they stood before the input, which the warm-up of this prompt held: the rendered prompt lists
   * the retrieved lines among them first, in this order (see standingFirst). Not for templates to read.
   */
  readonly standing?: readonly string[];
  /**
   * Rendered from `retrieved` and `standing`, not for callers to set: `held`, the retrieved lines the standing tier
   * holds, in its order; `recalled`, the rest, by rank (all of them without a standing tier). The Narrator's template
   * prints `held` (what the warm-up evaluated) before the turn's own messages and briefs, which differ from call to
   * call, and `recalled` after them, or with `rounds` right after `held`.
   */
  readonly held?: string;
  readonly recalled?: string;
  /**
   * More than one Narrator call resolves this turn (the persona's, then characters'), and all read the same Tier 3:
   * `recalled` then comes before the briefs, where each later call finds it in the KV cache. Without later calls it
   * comes after them, and the persona's briefs stay in what the warm-up evaluated.
   */
  readonly rounds?: boolean;
  /** The input tier: what the intention was classified as, in names (`show the brass badge; …`; empty for an NPC's). */
  readonly understood: string;
  /**
   * At a scene opening only: the Chronicler's writer_guidance (manifesting_now mandatory) and the characters who set
   * out to seek the protagonist, by urgency (npc-simulation.md's Writer is the Narrator at a scene opening).
   */
  readonly opening?: string;
  /** At a scene opening only: the characters' tiers and how the Narrator may ask to change them (importance_flags). */
  readonly importance?: string;
  /** On the call that writes the turn's last prose only: how to offer the player's suggested next actions. */
  readonly choices?: string;
  /** The weather and the light, only on a turn they matter (they changed, a scene opens, it is dark). */
  readonly surroundings?: string;
  /** On the persona's call only, when the pack allows creation: how to bring in someone or something new. */
  readonly creation?: string;
}
