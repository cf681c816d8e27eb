import { METHOD_NAMES, type MethodName } from '../methods.ts';
import { dispatch, type EngineHandlers } from '../dispatch.ts';
import { errorMessage, fail, type Result } from '../errors.ts';
import type { EngineEvent, EngineEventListener } from '../events.ts';
import type { ClientTransport } from '../client.ts';

/**
 * Electron IPC, described structurally so the engine never imports electron: `electron/` passes the real ipcMain and
 * ipcRenderer, tests pass an in-memory pair.
 */
export const IPC_EVENT_CHANNEL = 'storyloom:event';
export const ipcChannelFor = (method: MethodName): string => `storyloom:call:${method}`;

export interface IpcInvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, params: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}
export interface IpcRendererLike {
  invoke(channel: string, params: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: EngineEvent) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: EngineEvent) => void): void;
}

/** Registers one handler per method; a call from an untrusted frame is answered with an `unauthorized` value. */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: EngineHandlers,
  isTrustedSender: (frameUrl: string | null) => boolean,
): () => void {
  for (const name of METHOD_NAMES) {
    ipcMain.handle(ipcChannelFor(name), async (event, params) => {
      if (!isTrustedSender(event.senderFrame?.url ?? null)) {
        return fail({ code: 'unauthorized', message: `IPC call to ${name} from an untrusted frame was refused` });
      }
      return dispatch(handlers, name, params);
    });
  }
  return () => METHOD_NAMES.forEach((name) => ipcMain.removeHandler(ipcChannelFor(name)));
}

export function createIpcTransport(ipcRenderer: IpcRendererLike): ClientTransport {
  return {
    async call(method, params) {
      try {
        // The main process only ever answers with dispatch()'s Result values.
        return (await ipcRenderer.invoke(ipcChannelFor(method), params)) as Result<unknown>;
      } catch (error) {
        // Electron rejects an invoke on a channel nobody handles; that is a method the main process does not serve.
        const message = errorMessage(error);
        return /no handler registered/iu.test(message)
          ? fail({ code: 'unknown_method', message: `the main process serves no EngineApi method named "${method}"` })
          : fail({ code: 'internal', message: `IPC call to ${method} failed: ${message}` });
      }
    },
    subscribe(listener: EngineEventListener) {
      const relay = (_event: unknown, payload: EngineEvent): void => listener(payload);
      ipcRenderer.on(IPC_EVENT_CHANNEL, relay);
      return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay);
    },
  };
}
