import type { EngineEvent, EngineEventListener } from '../api/index.ts';

/** Fan-out of engine events to every connected client. A listener that throws never stops the others. */
export interface EventBus {
  emit(event: EngineEvent): void;
  subscribe(listener: EngineEventListener): () => void;
}

export function createEventBus(onListenerError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Set<EngineEventListener>();
  return {
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
