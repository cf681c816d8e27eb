/**
 * The variables of the CharacterReflection template, built from one character's view: the scene as it witnessed it
 * (visibility matrix), the World KG and its own KG. Nothing of the persona's or another character's graph.
 */
export interface ReflectionContext {
  readonly story: { readonly title: string };
  /** Everyone the memories may name: `id — name` of each character and the persona, comma-separated. */
  readonly cast: string;
  readonly char: {
    readonly id: string;
    readonly name: string;
    readonly description: string;
    readonly personality: string;
    readonly states: string;
  };
  readonly location: { readonly id: string; readonly name: string };
  /** The closing scene's messages this character witnessed, one printed line each. */
  readonly scene: readonly { readonly line: string }[];
  /** Retrieved entries, best first: the World KG's and the character's own. */
  readonly knowledge: { readonly world: readonly string[]; readonly own: readonly string[] };
}
