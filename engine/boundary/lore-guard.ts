import {
  alwaysVisibleText,
  givesAway,
  packStoryText,
  phrasesIn,
  storyNameWords,
  WORLD_AUDIENCE,
  type StoryPack,
} from '../pack/index.ts';

/** One piece of lore the story would learn: a key and its content. */
export interface LoreAnswer {
  readonly key: string;
  readonly content: string;
}

/** Why an answer was not written: the pack settles its subject, or it would give a guarded fact away. */
export type LoreRefusal =
  { readonly kind: 'settled'; readonly entry: string } | { readonly kind: 'guarded'; readonly what: string };

/** A text nobody may learn from public lore, and what it is (a gate, one character's secret …), for the refusal. */
interface Guarded {
  readonly what: string;
  readonly text: string;
  /** Its distinctive phrases that public text already holds: they give nothing away. */
  readonly known: ReadonlySet<string>;
}

/**
 * What learned lore must respect (issue 18): the pack's own lore and every fact the world may not know yet. Learned
 * lore goes into the World KG, which every character's prompt may read, so it may give away neither a fact an
 * information gate still guards (a gate that has not opened, or that opened to named recipients only) nor a secret
 * of the persona's or of one character (secret lore, private knowledge). An answer keyed to an entry of the pack's
 * lorebook (its key or an alias) would restate or overrule what the author settled, so it is refused too. Built once
 * per boundary; `refusal` is pure.
 */
export class LoreGuard {
  readonly #settled: ReadonlyMap<string, string>;
  readonly #guarded: readonly Guarded[];
  readonly #ordinary: ReadonlySet<string>;

  /** `openGates`: ids of the gates open at the closing turn (none known: every gate counts as closed). */
  constructor(pack: StoryPack, openGates: ReadonlySet<string>, worldTexts: readonly string[]) {
    const story = packStoryText(pack);
    this.#ordinary = storyNameWords(story);
    this.#settled = new Map(
      pack.lore
        .filter((entry) => !entry.disabled)
        .flatMap((entry) => [entry.key, ...entry.aliases].map((name) => [normalKey(name), entry.key] as const)),
    );
    const publicTexts = [
      ...alwaysVisibleText(story, (audience) => audience === WORLD_AUDIENCE).map((entry) => entry.text),
      ...worldTexts,
    ];
    const secrets = [
      ...pack.narrative.gates
        .filter((gate) => !openGates.has(gate.id) || gate.recipients === 'specific')
        .flatMap((gate) => gate.facts.map((text) => ({ what: `gate ${gate.id}`, text }))),
      ...pack.lore
        .filter((entry) => entry.audience !== WORLD_AUDIENCE)
        .map((entry) => ({ what: `${entry.audience}'s lore "${entry.key}"`, text: entry.content })),
      ...pack.characters.flatMap((character) =>
        character.knowledge.map((item) => ({ what: `${character.id}'s private knowledge`, text: item.content })),
      ),
    ];
    this.#guarded = secrets.map((secret) => ({
      ...secret,
      known: phrasesIn(secret.text, publicTexts, this.#ordinary),
    }));
  }

  /** Why `answer` may not become public lore, or null when it may. */
  refusal(answer: LoreAnswer): LoreRefusal | null {
    const entry = this.#settled.get(normalKey(answer.key));
    if (entry !== undefined) return { kind: 'settled', entry };
    const text = `${answer.key}: ${answer.content}`;
    const lower = text.toLowerCase();
    for (const secret of this.#guarded) {
      const copied = lower.includes(secret.text.toLowerCase());
      if (copied || givesAway(secret.text, text, this.#ordinary, secret.known) !== null) {
        return { kind: 'guarded', what: secret.what };
      }
    }
    return null;
  }
}

export function refusalText(refusal: LoreRefusal): string {
  return refusal.kind === 'settled'
    ? `the pack's lore settles "${refusal.entry}"`
    : `it would give away what ${refusal.what} guards`;
}

function normalKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/^the\s+/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
