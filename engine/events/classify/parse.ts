import type { EntityKind, Lexicon } from './lexicon.ts';
import { wordsOf } from './lexicon.ts';
import { clausesOf, findPhrase, tokensOf, type Token } from './words.ts';

export type ActionKind = 'speech' | 'movement' | 'examination' | 'action';

export interface ResolvedEntity {
  readonly id: string;
  readonly kind: EntityKind;
}

export interface ParsedAction {
  readonly kind: ActionKind;
  /** Canonical: speak, move, take, examine … or an action the pack's lexicon adds. */
  readonly action: string;
  /** Entities named in the clause (and in verbless clauses after it), in order; the persona left out. */
  readonly targets: readonly ResolvedEntity[];
  /** For speech: the character spoken to. */
  readonly addressee: string | null;
  readonly clause: string;
}

/** Stage 1's output (event-system.md): action types, resolved targets, keywords with their context modifiers. */
export interface StructuralParse {
  readonly actions: readonly ParsedAction[];
  /** Every entity the input names, in order of first mention. */
  readonly mentioned: readonly ResolvedEntity[];
  readonly tokens: readonly Token[];
  /** A hard constraint of the world the input runs into (it names a verb the world forbids). */
  readonly constraint: { readonly id: string; readonly verb: string; readonly reason: string } | null;
  readonly summary: string;
}

export interface ParseContext {
  /** Characters in the scene besides the persona: speech to nobody in particular goes to the only one there. */
  readonly present: readonly string[];
  /** A whisper's target: the one spoken to when the words name no one. */
  readonly whisperTo?: string;
}

const KIND_OF: { readonly [action: string]: ActionKind } = {
  speak: 'speech',
  move: 'movement',
  examine: 'examination',
};

/** Rule-based structural parsing: the pack's names, verbs and negation; no model, a few microseconds. */
export function parseStructure(text: string, lexicon: Lexicon, context: ParseContext): StructuralParse {
  const actions: { kind: ActionKind; action: string; targets: ResolvedEntity[]; clause: string }[] = [];
  const mentioned: ResolvedEntity[] = [];
  const tokens: Token[] = [];
  let constraint: StructuralParse['constraint'] = null;
  for (const clause of clausesOf(text)) {
    tokens.push(...tokensOf(clause));
    const words = wordsOf(clause);
    const targets = entitiesIn(words, lexicon);
    for (const target of targets) if (!mentioned.some((m) => m.id === target.id)) mentioned.push(target);
    constraint ??= constraintIn(words, lexicon);
    const verb = verbIn(words, lexicon);
    if (verb === null) {
      actions.at(-1)?.targets.push(...targets);
      continue;
    }
    actions.push({ kind: KIND_OF[verb] ?? 'action', action: verb, targets, clause });
  }
  if (/["“”]/u.test(text) && !actions.some((action) => action.kind === 'speech'))
    actions.push({ kind: 'speech', action: 'speak', targets: [...mentioned], clause: text });
  const parsed = actions.map((action) => ({ ...action, addressee: addresseeOf(action, context) }));
  return { actions: parsed, mentioned, tokens, constraint, summary: summarise(parsed, constraint) };
}

/** Named entities, longest name first, never two on the same words; the persona's own name is left out. */
function entitiesIn(words: readonly string[], lexicon: Lexicon): ResolvedEntity[] {
  const taken = new Array<boolean>(words.length).fill(false);
  const found: { at: number; entity: ResolvedEntity }[] = [];
  for (const phrase of lexicon.entities) {
    for (let at = findPhrase(words, phrase.words); at >= 0; at = findPhrase(words, phrase.words, at + 1)) {
      if (taken.slice(at, at + phrase.words.length).some(Boolean)) continue;
      taken.fill(true, at, at + phrase.words.length);
      if (phrase.kind !== 'persona') found.push({ at, entity: { id: phrase.id, kind: phrase.kind } });
    }
  }
  const ordered = found.sort((a, b) => a.at - b.at).map((entry) => entry.entity);
  return ordered.filter((entity, index) => ordered.findIndex((other) => other.id === entity.id) === index);
}

/** The first verb of the clause that the lexicon knows (longest phrase wins where two start on the same word). */
function verbIn(words: readonly string[], lexicon: Lexicon): string | null {
  let best: { at: number; action: string } | null = null;
  for (const verb of lexicon.verbs) {
    const at = findPhrase(words, verb.words);
    if (at >= 0 && (best === null || at < best.at)) best = { at, action: verb.action };
  }
  return best?.action ?? null;
}

function constraintIn(words: readonly string[], lexicon: Lexicon): StructuralParse['constraint'] {
  for (const constraint of lexicon.constraints)
    for (const verb of constraint.verbs)
      if (findPhrase(words, wordsOf(verb)) >= 0) return { id: constraint.id, verb, reason: constraint.reason };
  return null;
}

function addresseeOf(action: { kind: ActionKind; targets: readonly ResolvedEntity[] }, context: ParseContext) {
  if (action.kind !== 'speech') return null;
  const named = action.targets.find((target) => target.kind === 'character');
  if (named !== undefined) return named.id;
  if (context.whisperTo !== undefined) return context.whisperTo;
  return context.present.length === 1 ? (context.present[0] ?? null) : null;
}

function summarise(actions: readonly ParsedAction[], constraint: StructuralParse['constraint']): string {
  const parts = actions.map((action) => {
    const to = action.addressee === null ? '' : ` to ${action.addressee}`;
    const on = action.targets.filter((target) => target.id !== action.addressee).map((target) => target.id);
    return `${action.action}${to}${on.length > 0 ? ` (${on.join(', ')})` : ''}`;
  });
  if (constraint !== null) parts.push(`forbidden: ${constraint.verb} (${constraint.id})`);
  return parts.length > 0 ? parts.join('; ') : 'no recognised action';
}
