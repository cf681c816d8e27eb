import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { offsetsOf, rangeFor, type Range } from './offsets.ts';

const ESTIMATE_PX = 110;
const OVERSCAN_PX = 900;
const SLACK_PX = 120;
const FIRST_RANGE = 40;

export interface VirtualList {
  readonly scrollerRef: RefObject<HTMLDivElement | null>;
  readonly listRef: RefObject<HTMLDivElement | null>;
  readonly range: Range;
  /** Space kept for the items above and below the rendered range. */
  readonly before: number;
  readonly after: number;
  /** A ref callback for a rendered row: measures it and keeps measuring it while it is in the document. */
  readonly measure: (element: HTMLElement | null) => (() => void) | undefined;
}

/**
 * Windowing with measured heights for a list whose keys ascend (message ids): only the rows near the viewport are
 * rendered, the others are padding of their measured (or estimated) height. It keeps the scroller pinned to the end
 * while the reader is there, and keeps what they are reading in place when rows above it are measured or prepended.
 * `changes` are things below the list (pending text, notices) that should keep a pinned reader at the end.
 */
export function useVirtualList(keys: readonly number[], changes: readonly unknown[]): VirtualList {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<number, number>());
  const pinned = useRef(true);
  const [version, setVersion] = useState(0);
  const offsets = useMemo(() => offsetsOf(keys, heights.current, ESTIMATE_PX), [keys, version]);
  // The range remembers the key it started at: rows prepended before the next measure must not shift it.
  const [range, setRange] = useState<KeyedRange>({
    start: Math.max(0, keys.length - FIRST_RANGE),
    end: keys.length,
    firstKey: keys[0],
  });
  const latest = useRef({ keys, offsets });
  const observer = useRef<ResizeObserver | null>(null);
  /** Where this hook last scrolled to: a scroll event landing there is ours, not the reader's, and pins nothing. */
  const ownTop = useRef<number | null>(null);
  const scrollTo = useCallback((scroller: HTMLElement, top: number) => {
    scroller.scrollTop = top;
    ownTop.current = scroller.scrollTop;
  }, []);

  const listTop = useCallback((): number => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (scroller === null || list === null) return 0;
    return list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
  }, []);

  const update = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller === null) return;
    const { offsets: currentOffsets, keys: currentKeys } = latest.current;
    const next = rangeFor(currentOffsets, scroller.scrollTop - listTop(), scroller.clientHeight, OVERSCAN_PX);
    const firstKey = currentKeys[0];
    setRange((current) =>
      current.start === next.start && current.end === next.end && current.firstKey === firstKey
        ? current
        : { ...next, firstKey },
    );
  }, [listTop]);

  const onResize = useCallback(
    (entries: readonly ResizeObserverEntry[]) => {
      const scroller = scrollerRef.current;
      if (scroller === null) return;
      const { keys: currentKeys, offsets: currentOffsets } = latest.current;
      const viewportTop = scroller.scrollTop - listTop();
      let shift = 0;
      let changed = false;
      for (const entry of entries) {
        const key = Number((entry.target as HTMLElement).dataset['key']);
        const height = entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
        const before = heights.current.get(key) ?? ESTIMATE_PX;
        if (Math.abs(height - before) < 0.5) continue;
        heights.current.set(key, height);
        changed = true;
        const index = binarySearch(currentKeys, key);
        if (index >= 0 && (currentOffsets[index] ?? 0) < viewportTop) shift += height - before;
      }
      if (!changed) return;
      if (shift !== 0 && !pinned.current) scrollTo(scroller, scroller.scrollTop + shift);
      setVersion((value) => value + 1);
    },
    [listTop, scrollTo],
  );

  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (element === null || typeof ResizeObserver === 'undefined') return undefined;
      observer.current ??= new ResizeObserver(onResize);
      const current = observer.current;
      current.observe(element);
      return () => current.unobserve(element);
    },
    [onResize],
  );

  // Rows prepended above (an older page): keep the reader's place by the height they add.
  const firstKey = useRef<number | undefined>(keys[0]);
  useLayoutEffect(() => {
    const previous = firstKey.current;
    firstKey.current = keys[0];
    const scroller = scrollerRef.current;
    if (previous === undefined || scroller === null || pinned.current || keys[0] === previous) return;
    const index = binarySearch(keys, previous);
    if (index > 0) scrollTo(scroller, scroller.scrollTop + (offsets[index] ?? 0));
  }, [keys, offsets, scrollTo]);

  useLayoutEffect(() => {
    latest.current = { keys, offsets };
    const scroller = scrollerRef.current;
    if (scroller !== null && pinned.current) scrollTo(scroller, scroller.scrollHeight);
    update();
  }, [keys, offsets, update, scrollTo, ...changes]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller === null) return;
    const onScroll = () => {
      const ours = ownTop.current !== null && Math.abs(scroller.scrollTop - ownTop.current) < 2;
      ownTop.current = null;
      if (!ours) pinned.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < SLACK_PX;
      update();
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', update);
      observer.current?.disconnect();
      observer.current = null;
    };
  }, [update]);

  const total = offsets[offsets.length - 1] ?? 0;
  const moved = range.firstKey === keys[0] || range.firstKey === undefined ? 0 : binarySearch(keys, range.firstKey);
  const end = Math.min(range.end + Math.max(0, moved), keys.length);
  const start = Math.min(range.start + Math.max(0, moved), end);
  return {
    scrollerRef,
    listRef,
    range: { start, end },
    before: offsets[start] ?? 0,
    after: total - (offsets[end] ?? total),
    measure,
  };
}

interface KeyedRange extends Range {
  readonly firstKey: number | undefined;
}

function binarySearch(keys: readonly number[], key: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = keys[mid] ?? 0;
    if (value === key) return mid;
    if (value < key) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
