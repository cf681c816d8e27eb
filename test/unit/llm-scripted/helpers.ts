import { LlmError, type LlmMessage } from '../../../engine/llm/types.ts';

export const prompt = (content: string): LlmMessage[] => [{ role: 'user', content }];

export async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof LlmError)) throw new Error(`expected an LlmError, got ${String(error)}`);
  return error;
}
