import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StageKind } from '../../api/index.ts';
import { LlmError } from '../types.ts';

const CHUNKS = 4;

/** Splits text at word boundaries into at most a few chunks that join back to exactly the text. */
export function splitIntoChunks(text: string, chunks = CHUNKS): string[] {
  const words = text.split(/(?<=\s)(?=\S)/u).filter((word) => word.length > 0);
  const size = Math.max(1, Math.ceil(words.length / chunks));
  const result: string[] = [];
  for (let start = 0; start < words.length; start += size) result.push(words.slice(start, start + size).join(''));
  return result;
}

/**
 * Hands the reply to onTextDelta chunk by chunk, yielding between chunks as a real stream would, so an abort can land
 * mid-reply. Returns when the first chunk went out (null for an empty reply).
 */
export async function streamReply(
  text: string,
  stage: StageKind,
  signal: AbortSignal | undefined,
  onTextDelta: ((delta: string) => void) | undefined,
): Promise<number | null> {
  let firstAt: number | null = null;
  for (const chunk of splitIntoChunks(text)) {
    if (signal?.aborted === true) throw new LlmError('aborted', 'the call was cancelled', stage);
    firstAt ??= performance.now();
    onTextDelta?.(chunk);
    await nextTurn();
  }
  if (signal?.aborted === true) throw new LlmError('aborted', 'the call was cancelled', stage);
  return firstAt;
}

/** Waits `ms`, failing with LlmError('aborted') as soon as the signal fires. */
export function scriptedDelay(ms: number, stage: StageKind, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = (): void => {
      clearTimeout(timer);
      reject(new LlmError('aborted', 'the call was cancelled', stage));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted === true) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}
