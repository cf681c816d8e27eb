import { METHOD_NAMES, type MethodName, type ParamsOf, type ResultOf } from './methods.ts';
import type { Result } from './errors.ts';
import type { EngineEventListener } from './events.ts';

/** The typed client every surface uses: one function per EngineApi method, answering with a Result value. */
export type EngineClient = {
  // Methods whose params are all optional may be called with no argument.
  readonly [M in MethodName]: Record<never, never> extends ParamsOf<M>
    ? (params?: ParamsOf<M>) => Promise<Result<ResultOf<M>>>
    : (params: ParamsOf<M>) => Promise<Result<ResultOf<M>>>;
};

/** What a transport provides: a way to call a method by name and a way to receive events. */
export interface ClientTransport {
  call(method: MethodName, params: unknown): Promise<Result<unknown>>;
  subscribe(listener: EngineEventListener): () => void;
}

export interface EngineConnection {
  readonly api: EngineClient;
  readonly subscribe: (listener: EngineEventListener) => () => void;
}

/** Generates the client from the method map: a plain object of functions (it crosses Electron's contextBridge). */
export function createEngineClient(transport: ClientTransport): EngineConnection {
  const entries = METHOD_NAMES.map((name) => [name, (params?: unknown) => transport.call(name, params ?? {})]);
  // Built from METHOD_NAMES, so it has exactly the keys of EngineClient; TypeScript cannot see that through entries.
  const api = Object.freeze(Object.fromEntries(entries)) as EngineClient;
  return { api, subscribe: (listener) => transport.subscribe(listener) };
}
