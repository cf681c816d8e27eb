import { z } from 'zod';
import { normalizeKey } from './proposition.ts';

/**
 * Trigger predicates (event-system.md; tensor-schema Decision 5). Atoms read the truth set; temporal predicates read
 * the temporal index of one proposition, so they take proposition keys rather than nested predicates.
 */
export type Predicate =
  | { readonly kind: 'Atom'; readonly proposition: string }
  | { readonly kind: 'Atom'; readonly accumulator: string; readonly op: 'atLeast' | 'atMost'; readonly value: number }
  | { readonly kind: 'All'; readonly of: readonly Predicate[] }
  | { readonly kind: 'Any'; readonly of: readonly Predicate[] }
  | { readonly kind: 'Not'; readonly of: Predicate }
  /** `include` holds and `exclude` does not. */
  | { readonly kind: 'Difference'; readonly include: Predicate; readonly exclude: Predicate }
  | { readonly kind: 'Threshold'; readonly of: readonly Predicate[]; readonly minMatch: number }
  /** `proposition` has occurred after the first occurrence of `anchor`. */
  | { readonly kind: 'After'; readonly proposition: string; readonly anchor: string }
  /** `anchor` has occurred and `proposition` has held without a break since its latest occurrence. */
  | { readonly kind: 'Since'; readonly proposition: string; readonly anchor: string }
  /** The propositions occurred in this order (not necessarily adjacent). */
  | { readonly kind: 'Sequence'; readonly of: readonly string[] }
  /** `proposition` occurred during the last `turns` turns (the current turn counts as the first). */
  | { readonly kind: 'Within'; readonly proposition: string; readonly turns: number };

export const MAX_PREDICATE_NESTING = 4;

const propositionSchema = z
  .string()
  .min(3)
  .regex(/^[^()]+\(.*\)$/, 'a proposition is written Name(arg,…)')
  .transform(normalizeKey);

export const predicateSchema: z.ZodType<Predicate> = z.lazy(() =>
  z.union([
    z.strictObject({ kind: z.literal('Atom'), proposition: propositionSchema }),
    z.strictObject({
      kind: z.literal('Atom'),
      accumulator: propositionSchema,
      op: z.enum(['atLeast', 'atMost']),
      value: z.number(),
    }),
    z.strictObject({ kind: z.literal('All'), of: z.array(predicateSchema).min(1) }),
    z.strictObject({ kind: z.literal('Any'), of: z.array(predicateSchema).min(1) }),
    z.strictObject({ kind: z.literal('Not'), of: predicateSchema }),
    z.strictObject({ kind: z.literal('Difference'), include: predicateSchema, exclude: predicateSchema }),
    z.strictObject({
      kind: z.literal('Threshold'),
      of: z.array(predicateSchema).min(1),
      minMatch: z.number().positive(),
    }),
    z.strictObject({ kind: z.literal('After'), proposition: propositionSchema, anchor: propositionSchema }),
    z.strictObject({ kind: z.literal('Since'), proposition: propositionSchema, anchor: propositionSchema }),
    z.strictObject({ kind: z.literal('Sequence'), of: z.array(propositionSchema).min(2) }),
    z.strictObject({ kind: z.literal('Within'), proposition: propositionSchema, turns: z.number().int().positive() }),
  ]),
);

/** A predicate validated for packs: the shape, then the nesting limit (deeper is a validation error). */
export const boundedPredicateSchema = predicateSchema.superRefine((predicate, context) => {
  const depth = predicateNesting(predicate);
  if (depth > MAX_PREDICATE_NESTING) {
    context.addIssue({ code: 'custom', message: `predicate nesting ${depth} exceeds ${MAX_PREDICATE_NESTING}` });
  }
});

/** Atoms nest 0 deep; every combinator or temporal predicate adds one level. */
export function predicateNesting(predicate: Predicate): number {
  switch (predicate.kind) {
    case 'Atom':
      return 0;
    case 'All':
    case 'Any':
    case 'Threshold':
      return 1 + Math.max(...predicate.of.map(predicateNesting));
    case 'Not':
      return 1 + predicateNesting(predicate.of);
    case 'Difference':
      return 1 + Math.max(predicateNesting(predicate.include), predicateNesting(predicate.exclude));
    case 'After':
    case 'Since':
    case 'Sequence':
    case 'Within':
      return 1;
  }
}

/** The truth-set keys a predicate reads: the trigger index files the subscription under each of them. */
export interface PredicateAtoms {
  readonly propositions: Set<string>;
  readonly accumulators: Set<string>;
}

export function predicateAtoms(
  predicate: Predicate,
  into: PredicateAtoms = { propositions: new Set(), accumulators: new Set() },
): PredicateAtoms {
  switch (predicate.kind) {
    case 'Atom':
      if ('proposition' in predicate) into.propositions.add(predicate.proposition);
      else into.accumulators.add(predicate.accumulator);
      break;
    case 'All':
    case 'Any':
    case 'Threshold':
      for (const child of predicate.of) predicateAtoms(child, into);
      break;
    case 'Not':
      predicateAtoms(predicate.of, into);
      break;
    case 'Difference':
      predicateAtoms(predicate.include, into);
      predicateAtoms(predicate.exclude, into);
      break;
    case 'After':
    case 'Since':
      into.propositions.add(predicate.proposition);
      into.propositions.add(predicate.anchor);
      break;
    case 'Sequence':
      for (const key of predicate.of) into.propositions.add(key);
      break;
    case 'Within':
      into.propositions.add(predicate.proposition);
      break;
  }
  return into;
}
