import { MINUTES_PER_DAY } from '../in-world-time.ts';

/**
 * A recurring place in a character's day, in minutes after midnight. `to` before `from` runs past midnight; `from`
 * equal to `to` is the whole day.
 */
export type RoutineSlot = { readonly place: string; readonly from: number; readonly to: number };

/** Whether two routines put both characters in the same place at the same time of day. */
export function routinesOverlap(a: readonly RoutineSlot[], b: readonly RoutineSlot[]): boolean {
  return a.some((slotA) =>
    b.some(
      (slotB) =>
        slotA.place === slotB.place &&
        spans(slotA).some(([startA, endA]) => spans(slotB).some(([startB, endB]) => startA < endB && startB < endA)),
    ),
  );
}

/** A slot as one or two half-open spans within a single day. */
function spans(slot: RoutineSlot): readonly (readonly [number, number])[] {
  const from = mod(slot.from);
  const to = mod(slot.to);
  if (from === to) return [[0, MINUTES_PER_DAY]];
  return from < to
    ? [[from, to]]
    : [
        [from, MINUTES_PER_DAY],
        [0, to],
      ];
}

function mod(minute: number): number {
  return ((minute % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}
