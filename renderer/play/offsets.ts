/** Top offsets of a list of items of known or estimated heights: `offsets[i]` is item i's top, the last the total. */
export function offsetsOf(
  keys: readonly number[],
  heights: ReadonlyMap<number, number>,
  estimate: number,
): Float64Array {
  const offsets = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) offsets[i + 1] = (offsets[i] ?? 0) + (heights.get(keys[i] ?? -1) ?? estimate);
  return offsets;
}

/** The first item whose bottom is below `y` (binary search over the offsets). */
export function indexAt(offsets: Float64Array, y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  if (high < 0) return 0;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? 0) <= y) low = mid + 1;
    else high = mid;
  }
  return low;
}

export interface Range {
  readonly start: number;
  readonly end: number;
}

/** The items to render for a viewport [top, top + height), with `overscan` pixels more on each side. */
export function rangeFor(offsets: Float64Array, top: number, height: number, overscan: number): Range {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const start = indexAt(offsets, Math.max(0, top - overscan));
  const end = Math.min(count, indexAt(offsets, top + height + overscan) + 1);
  return { start, end: Math.max(start, end) };
}
