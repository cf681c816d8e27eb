import { dispatch, type EngineHandlers } from '../dispatch.ts';
import type { ClientTransport } from '../client.ts';
import type { EngineEventListener } from '../events.ts';

/** The transport for a client living in the engine's own process (the CLI, tests). Same dispatch as every other. */
export function createInProcessTransport(engine: {
  readonly handlers: EngineHandlers;
  readonly subscribe: (listener: EngineEventListener) => () => void;
}): ClientTransport {
  return {
    call: (method, params) => dispatch(engine.handlers, method, params),
    subscribe: (listener) => engine.subscribe(listener),
  };
}
