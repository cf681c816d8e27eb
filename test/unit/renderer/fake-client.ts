import { createEngineClient, type EngineClient, type MethodName, type Result } from '../../../engine/api/index.ts';

export type Reply = (params: Record<string, unknown>) => unknown;

/**
 * A client whose methods answer from the given table (as `ok` values, or as the Result returned by `fail`), at once or
 * when a returned promise settles.
 */
export function fakeClient(replies: Partial<Record<MethodName, Reply>>): {
  api: EngineClient;
  calls: { method: MethodName; params: unknown }[];
} {
  const calls: { method: MethodName; params: unknown }[] = [];
  const connection = createEngineClient({
    async call(method, params) {
      calls.push({ method, params });
      const reply = replies[method];
      if (reply === undefined)
        return { ok: false, error: { code: 'unknown_method', message: `no fake for ${method}` } };
      // A reply may be a promise, to answer late.
      const value: unknown = await reply(params as Record<string, unknown>);
      return isResult(value) ? value : { ok: true, value };
    },
    subscribe: () => () => {},
  });
  return { api: connection.api, calls };
}

export const failure = (message: string): Result<never> => ({ ok: false, error: { code: 'internal', message } });

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}
