import { z } from 'zod';
import { compareIds } from '../order.ts';
import { withTie, type SocialGraph } from './ties.ts';

/**
 * How one character stands with another (npc-simulation.md's relationship notes, with strength): one side of a pair,
 * `from`'s view of `to`, on the pack's dimensions (trust, affection, fear unless the pack names its own), each −1…1,
 * with a short why. Directed: Kit may trust Sam while Sam fears Kit; each character's prompts show only its own side.
 */
export type Standing = {
  readonly from: string;
  readonly to: string;
  readonly values: { readonly [dimension: string]: number };
  /** The last reason it moved, in a few words. */
  readonly why: string;
};

/** The `standings` part of the npc_state checkpoint: every side of every pair that has moved, in id order. */
export type Standings = { readonly version: 1; readonly sides: readonly Standing[] };

/** One move of one side on one dimension: from a simulation, a trigger's ShiftRelationship, a reflection. */
export type StandingShift = {
  readonly from: string;
  readonly to: string;
  readonly dimension: string;
  readonly by: number;
  readonly why: string;
};

/** The dimensions a pack that names none is read on. */
export const DEFAULT_DIMENSIONS: readonly string[] = ['trust', 'affection', 'fear'];

/** Dimensions where more is warmer: trusting or liking someone is a reason to tell them things. */
export const WARM_DIMENSIONS: ReadonlySet<string> = new Set([
  'trust',
  'affection',
  'warmth',
  'respect',
  'loyalty',
  'friendship',
  'fondness',
]);

/** A value this far from neutral, either way, is a "strong relationship (positive or negative)" (planner, +2). */
export const STRONG_STANDING = 0.6;

const WHY_LENGTH = 160;

const standingSchema = z.strictObject({
  from: z.string().min(1),
  to: z.string().min(1),
  values: z.record(z.string().min(1), z.number().min(-1).max(1)),
  why: z.string().max(WHY_LENGTH),
});
const standingsSchema = z.strictObject({ version: z.literal(1), sides: z.array(standingSchema) });
export const standingShiftSchema = z.strictObject({
  from: z.string().min(1),
  to: z.string().min(1),
  dimension: z.string().min(1),
  by: z.number(),
  why: z.string(),
});

export function emptyStandings(): Standings {
  return { version: 1, sides: [] };
}

/** The checkpointed standings, or none yet (saves from before standings existed have none); a bad part is reported. */
export function restoreStandings(
  data: unknown,
): { readonly ok: true; readonly standings: Standings } | { readonly ok: false; readonly problems: readonly string[] } {
  if (data === undefined || data === null) return { ok: true, standings: emptyStandings() };
  const parsed = standingsSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  return { ok: true, standings: parsed.data };
}

/** Restored, or an error naming where: a step that cannot read the standings fails loudly. */
export function readStandings(data: unknown, where: string): Standings {
  const restored = restoreStandings(data);
  if (!restored.ok) throw new Error(`${where}: the standings are unreadable: ${restored.problems.join('; ')}`);
  return restored.standings;
}

export function standingOf(standings: Standings, from: string, to: string): Standing | null {
  return standings.sides.find((side) => side.from === from && side.to === to) ?? null;
}

/**
 * Moves one side on one dimension, clamped to −1…1 (a trigger's "+1 wariness" on a strong side cannot overflow it).
 * A shift between a character and itself, or by nothing, changes nothing.
 */
export function shiftStanding(standings: Standings, shift: StandingShift): Standings {
  if (shift.from === shift.to || shift.by === 0 || !Number.isFinite(shift.by)) return standings;
  const before = standingOf(standings, shift.from, shift.to);
  const old = before?.values[shift.dimension] ?? 0;
  const value = round(Math.min(1, Math.max(-1, old + shift.by)));
  const side: Standing = {
    from: shift.from,
    to: shift.to,
    values: sortKeys({ ...(before?.values ?? {}), [shift.dimension]: value }),
    why: shift.why.trim().slice(0, WHY_LENGTH) || (before?.why ?? ''),
  };
  const others = standings.sides.filter((other) => other.from !== shift.from || other.to !== shift.to);
  return { version: 1, sides: [...others, side].sort((x, y) => compareIds(x.from, y.from) || compareIds(x.to, y.to)) };
}

export function applyShifts(standings: Standings, shifts: readonly StandingShift[]): Standings {
  return shifts.reduce(shiftStanding, standings);
}

/** Whether a side is strong: some dimension at least STRONG_STANDING from neutral, warm or cold. */
export function isStrong(side: Standing): boolean {
  return Object.values(side.values).some((value) => Math.abs(value) >= STRONG_STANDING);
}

/** The characters `character` has a strong relationship with, on either side of the pair. */
export function strongTies(standings: Standings, character: string): readonly string[] {
  const ties = standings.sides.flatMap((side) => {
    if (!isStrong(side)) return [];
    if (side.from === character) return [side.to];
    return side.to === character ? [side.from] : [];
  });
  return [...new Set(ties)].sort(compareIds);
}

/** Every side `character` holds (its own view of others), for its own prompts: never how others see it. */
export function ownSides(standings: Standings, character: string): readonly Standing[] {
  return standings.sides.filter((side) => side.from === character);
}

/** `trust +0.60, fear −0.20`: a side's values as a prompt or a panel shows them. */
export function describeValues(values: Standing['values']): string {
  return Object.entries(values)
    .map(
      ([dimension, value]) =>
        `${dimension.replace(/[-_]/gu, ' ')} ${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`,
    )
    .join(', ');
}

function sortKeys(values: { readonly [dimension: string]: number }): { readonly [dimension: string]: number } {
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => compareIds(a, b)));
}

/** Two decimals: many small shifts must not leave floating-point dust in the checkpoint. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A character's own sides as its prompts show them, one `Name: trust +0.60, fear −0.20 (why)` per other, joined with
 * "; ". Empty when it holds none. Never includes how anyone else stands with it.
 */
export function ownStandingText(standings: Standings, character: string, nameOf: (id: string) => string): string {
  return ownSides(standings, character)
    .map((side) => `${nameOf(side.to)}: ${describeValues(side.values)}${side.why === '' ? '' : ` (${side.why})`}`)
    .join('; ');
}

/** Every character's own standing text (see ownStandingText), for the characters who hold any side. */
export function ownStandingTexts(
  standings: Standings,
  nameOf: (id: string) => string,
): { readonly [characterId: string]: string } {
  const holders = [...new Set(standings.sides.map((side) => side.from))];
  return Object.fromEntries(holders.map((id) => [id, ownStandingText(standings, id, nameOf)]));
}

/**
 * The social graph news travels along, with every warm side (trust, affection …) as a tie at least as strong as it:
 * people pass news to those they trust, whatever the scenes they shared. Read only for the ripple; the stored graph
 * keeps its own ties.
 */
export function withWarmTies(graph: SocialGraph, standings: Standings): SocialGraph {
  let next = graph;
  for (const side of standings.sides) {
    const warmth = Math.max(
      0,
      ...Object.entries(side.values).flatMap(([dimension, value]) =>
        WARM_DIMENSIONS.has(dimension.replace(/_/gu, ' ')) ? [value] : [],
      ),
    );
    if (warmth > 0) next = withTie(next, side.from, side.to, warmth);
  }
  return next;
}
