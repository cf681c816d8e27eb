import { describe, expect, it } from 'vitest';
import {
  IPC_EVENT_CHANNEL,
  ipcChannelFor,
  registerIpcHandlers,
  type EngineHandlers,
} from '../../../engine/api/index.ts';
import {
  guardIpcMain,
  isSamePage,
  isTrustedSender,
  type FrameLike,
  type SenderEventLike,
} from '../../../electron/sender-guard.ts';

const PAGE = 'file:///app/out/renderer/index.html';
const windowContents = { id: 'main window' };
const trusted = { webContents: windowContents, pageUrl: PAGE };
const topFrame: FrameLike = { url: PAGE, parent: null };

/** A test boundary fake of Electron's ipcMain: keeps the listeners, lets the test invoke them as a frame would. */
function fakeIpcMain() {
  const listeners = new Map<string, (event: SenderEventLike, ...args: unknown[]) => unknown>();
  return {
    listeners,
    handle: (channel: string, listener: (event: SenderEventLike, ...args: unknown[]) => unknown) =>
      void listeners.set(channel, listener),
    removeHandler: (channel: string) => void listeners.delete(channel),
    invoke: async (channel: string, event: SenderEventLike, ...args: unknown[]) =>
      listeners.get(channel)?.(event, ...args),
  };
}

describe('the IPC sender check', () => {
  it('trusts only the main window’s top frame showing the renderer', () => {
    expect(isTrustedSender({ sender: windowContents, senderFrame: topFrame }, trusted)).toBe(true);
    const withState = { url: `${PAGE}?view=play#turn-3`, parent: null };
    expect(isTrustedSender({ sender: windowContents, senderFrame: withState }, trusted)).toBe(true);
  });

  it('compares pages up to their query and fragment only', () => {
    expect(isSamePage(`${PAGE}#x`, PAGE)).toBe(true);
    expect(isSamePage('file:///app/out/renderer/other.html', PAGE)).toBe(false);
    expect(isSamePage('file:///app/out/renderer/index.html.evil', PAGE)).toBe(false);
    expect(isSamePage(null, PAGE)).toBe(false);
  });

  it('refuses subframes, other windows, other pages, vanished frames and a closed window', () => {
    const subframe = { url: PAGE, parent: topFrame };
    expect(isTrustedSender({ sender: windowContents, senderFrame: subframe }, trusted)).toBe(false);
    expect(isTrustedSender({ sender: { id: 'other' }, senderFrame: topFrame }, trusted)).toBe(false);
    const elsewhere = { url: 'https://example.com/', parent: null };
    expect(isTrustedSender({ sender: windowContents, senderFrame: elsewhere }, trusted)).toBe(false);
    expect(isTrustedSender({ sender: windowContents, senderFrame: null }, trusted)).toBe(false);
    expect(isTrustedSender({ sender: windowContents, senderFrame: topFrame }, null)).toBe(false);
  });

  it('guards every EngineApi handler registered through it', async () => {
    const ipcMain = fakeIpcMain();
    const handlers = { 'app.info': async () => ({ version: 'x' }) } as unknown as EngineHandlers;
    const unregister = registerIpcHandlers(
      guardIpcMain(ipcMain, () => trusted),
      handlers,
      (url) => url === PAGE,
    );
    const channel = ipcChannelFor('app.info');
    expect(ipcMain.listeners.has(IPC_EVENT_CHANNEL)).toBe(false);

    const fromTop = await ipcMain.invoke(channel, { sender: windowContents, senderFrame: topFrame }, {});
    expect(fromTop).toMatchObject({ ok: true });
    const fromSubframe = await ipcMain.invoke(channel, {
      sender: windowContents,
      senderFrame: { url: PAGE, parent: topFrame },
    });
    expect(fromSubframe).toMatchObject({ ok: false, error: { code: 'unauthorized' } });

    unregister();
    expect(ipcMain.listeners.size).toBe(0);
  });
});
