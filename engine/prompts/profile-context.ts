/**
 * The variables of the creation stage's template: a figure the Narrator asked for, by name, its private concept, the
 * place it is put in and why the story needs it now. Its answer is what anyone can see of it, and its voice.
 */
export interface CreationContext {
  readonly story: { readonly title: string; readonly description: string };
  readonly char: { readonly name: string; readonly concept: string };
  readonly place: { readonly name: string; readonly description: string };
  readonly why: string;
}

/**
 * The variables of the PartialProfileCrafter template: a background figure of the story as the pack sketches it and as
 * the scene just ended showed it, so its voice stays the same the next time the Narrator brings it in.
 */
export interface PartialProfileContext {
  readonly story: { readonly title: string; readonly description: string };
  readonly char: {
    readonly id: string;
    readonly name: string;
    readonly description: string;
    readonly personality: string;
    /** The scenes it has appeared in so far. */
    readonly appearances: number;
  };
  /** The closing scene's public lines (narration and dialog everyone present witnessed), `Name: line`. */
  readonly scene: readonly string[];
}
