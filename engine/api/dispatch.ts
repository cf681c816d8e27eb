import { z } from 'zod';
import { engineMethods, isMethodName, type MethodName, type ParsedParamsOf, type ResultOf } from './methods.ts';
import { fail, ok, toErrorValue, type Result } from './errors.ts';

/** The engine side of the API: one async function per method, receiving validated params. */
export type EngineHandlers = { readonly [M in MethodName]: (params: ParsedParamsOf<M>) => Promise<ResultOf<M>> };

/**
 * Every transport's server side calls this: unknown names and invalid params become error values, and whatever a
 * handler throws is returned as a value too. Nothing thrown ever crosses a transport.
 */
export async function dispatch(handlers: EngineHandlers, name: string, rawParams: unknown): Promise<Result<unknown>> {
  if (!isMethodName(name)) {
    return fail({ code: 'unknown_method', message: `there is no EngineApi method named "${name}"` });
  }
  const parsed = engineMethods[name].params.safeParse(rawParams ?? {});
  if (!parsed.success) {
    return fail({
      code: 'invalid_params',
      message: `invalid params for ${name}: ${z.prettifyError(parsed.error)}`,
      details: {
        issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
      },
    });
  }
  try {
    return ok(await invoke(handlers, name, parsed.data));
  } catch (error) {
    return fail(toErrorValue(error));
  }
}

function invoke(handlers: EngineHandlers, name: MethodName, params: unknown): Promise<unknown> {
  // The params were just validated by this method's own schema, so this widening is sound.
  const handler = handlers[name] as (params: unknown) => Promise<unknown>;
  return handler(params);
}
