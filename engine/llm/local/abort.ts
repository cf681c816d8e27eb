import type { StageKind } from '../../api/index.ts';
import { LlmError } from '../types.ts';

export function abortedError(stage: StageKind): LlmError {
  return new LlmError('aborted', 'the call was aborted', stage);
}

/**
 * Settles with `work`, or rejects with LlmError('aborted') as soon as `signal` aborts, without waiting for the
 * work to wind down (prompt evaluation cannot be interrupted mid-batch; the generation loop stops at its next token).
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined, stage: StageKind): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => {}); // settles later; its outcome no longer matters
    return Promise.reject(abortedError(stage));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortedError(stage));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
