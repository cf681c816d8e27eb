import type { EngineEvent, IpcInvokeEventLike, IpcMainLike, IpcRendererLike } from '../../engine/api/index.ts';

type MainHandler = (event: IpcInvokeEventLike, params: unknown) => Promise<unknown>;
type RendererListener = (event: unknown, payload: EngineEvent) => void;

/**
 * A test boundary fake of Electron's ipcMain/ipcRenderer pair: calls are structured-cloned like real IPC, and the
 * sender frame URL is whatever the test says, so origin checks can be exercised.
 */
export function createFakeIpcPair(senderUrl = 'file:///app/out/renderer/index.html') {
  const handlers = new Map<string, MainHandler>();
  const listeners = new Map<string, Set<RendererListener>>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const ipcRenderer: IpcRendererLike = {
    async invoke(channel, params) {
      const handler = handlers.get(channel);
      if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await handler({ senderFrame: { url: senderUrl } }, structuredClone(params)));
    },
    on: (channel, listener) =>
      void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel))?.add(listener),
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };
  const sendToRenderer = (channel: string, payload: EngineEvent): void => {
    for (const listener of listeners.get(channel) ?? []) listener({}, structuredClone(payload));
  };
  return { ipcMain, ipcRenderer, sendToRenderer, registeredChannels: () => [...handlers.keys()] };
}
