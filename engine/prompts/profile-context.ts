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
