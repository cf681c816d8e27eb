import { useLayoutEffect, useRef } from 'react';

const SLACK_PX = 120;

/** Keeps a scroller pinned to its end as text arrives, unless the reader has scrolled up to read back. */
export function useStickToBottom(changes: readonly unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const onScroll = () => {
      pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < SLACK_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element !== null && pinned.current) element.scrollTop = element.scrollHeight;
  }, changes);
  return ref;
}
