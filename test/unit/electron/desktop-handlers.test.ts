import { describe, expect, it } from 'vitest';
import { registerDesktopHandlers, type DesktopDeps } from '../../../electron/desktop-handlers.ts';
import type { KeyStore } from '../../../electron/key-store.ts';
import type { BoundApiKey } from '../../../engine/llm/index.ts';
import { guardIpcMain, type SenderEventLike } from '../../../electron/sender-guard.ts';
import {
  createDesktopClient,
  DESKTOP_METHODS,
  desktopChannelFor,
  MENU_CHANNEL,
  subscribeMenu,
  type MenuCommand,
} from '../../../electron/shell-api.ts';

const PAGE = 'file:///app/out/renderer/index.html';
const contents = { id: 'window' };
const topFrame = { url: PAGE, parent: null };
const OPENAI_KEY = { key: 'sk-secret', origin: 'https://api.example.com' };

/** A test boundary fake of an in-memory key store. */
function memoryKeyStore(): KeyStore & { value: BoundApiKey | undefined } {
  const store = {
    value: undefined as BoundApiKey | undefined,
    read: async () => store.value,
    write: async (key: BoundApiKey) => void (store.value = key),
    clear: async () => void (store.value = undefined),
    has: async () => store.value !== undefined,
  };
  return store;
}

/**
 * A test boundary fake of the Electron IPC pair: ipcMain keeps handlers, ipcRenderer invokes them as the given
 * frame would, and `send` plays main's webContents.send.
 */
function fakeIpc(sender: SenderEventLike = { sender: contents, senderFrame: topFrame }) {
  const handlers = new Map<string, (event: SenderEventLike, ...args: unknown[]) => unknown>();
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipcMain = {
    handle: (channel: string, listener: (event: SenderEventLike, ...args: unknown[]) => unknown) =>
      void handlers.set(channel, listener),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => handlers.get(channel)?.(sender, ...args),
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      void listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      void listeners.get(channel)?.delete(listener),
  };
  const send = (channel: string, payload: unknown) =>
    listeners.get(channel)?.forEach((listener) => listener({}, payload));
  return { ipcMain, ipcRenderer, handlers, send };
}

function setup(overrides: Partial<DesktopDeps> = {}, sender?: SenderEventLike) {
  const ipc = fakeIpc(sender);
  const keyStore = memoryKeyStore();
  const applied: (BoundApiKey | undefined)[] = [];
  const deps: DesktopDeps = {
    keyStore,
    applyApiKey: async (key) => void applied.push(key),
    chooseFile: async (kind) => (kind === 'gguf' ? '/models/tiny.gguf' : '/dl/card.png'),
    importPackOrCard: async (file) => ({
      packDir: `/stories/${file.length}`,
      createdPack: true,
      format: 'PNG card',
      character: 'Mara',
      loreEntries: 0,
      notes: [],
    }),
    ...overrides,
  };
  const trusted = { webContents: contents, pageUrl: PAGE };
  const unregister = registerDesktopHandlers(
    guardIpcMain(ipc.ipcMain, () => trusted),
    deps,
  );
  return { ...ipc, keyStore, applied, client: createDesktopClient(ipc.ipcRenderer), unregister };
}

describe('the desktop channel', () => {
  it('stores and clears the API key without ever answering with it, and hands it to the engine at once', async () => {
    const { client, keyStore, applied } = setup();
    const stored = await client.setApiKey('sk-secret', 'https://api.example.com/v1');
    expect(stored).toEqual({ ok: true, value: { stored: true } });
    expect(JSON.stringify(stored)).not.toContain('sk-secret');
    expect(keyStore.value).toEqual(OPENAI_KEY);
    expect(await client.hasApiKey()).toEqual({ ok: true, value: true });
    expect(JSON.stringify(await client.hasApiKey())).not.toContain('sk-secret');
    expect(await client.clearApiKey()).toEqual({ ok: true, value: { cleared: true } });
    expect(await client.hasApiKey()).toEqual({ ok: true, value: false });
    expect(applied).toEqual([OPENAI_KEY, undefined]);
  });

  it('binds the key to the origin of the endpoint it was entered for, and refuses an endpoint with credentials', async () => {
    const { client, keyStore } = setup();
    expect(await client.setApiKey('sk-1', 'http://127.0.0.1:11434/v1')).toMatchObject({ ok: true });
    expect(keyStore.value).toEqual({ key: 'sk-1', origin: 'http://127.0.0.1:11434' });
    const withCredentials = await client.setApiKey('sk-2', 'https://user:hunter2@api.example.com/v1');
    expect(withCredentials).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(JSON.stringify(withCredentials)).toMatch(/must not contain a user name or password/u);
    expect(JSON.stringify(withCredentials)).not.toContain('hunter2');
    expect(await client.setApiKey('sk-3', 'not a url')).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(keyStore.value).toEqual({ key: 'sk-1', origin: 'http://127.0.0.1:11434' });
  });

  it('validates the key and turns a keychain failure into an error value', async () => {
    const { client } = setup();
    expect(await client.setApiKey('a\nb', 'https://api.example.com/v1')).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    const broken = setup({
      keyStore: { ...memoryKeyStore(), write: async () => Promise.reject(new Error('no keychain')) },
    });
    expect(await broken.client.setApiKey('sk-1', 'https://api.example.com/v1')).toEqual({
      ok: false,
      error: { code: 'internal', message: 'no keychain' },
    });
  });

  it('opens the dialogs: a GGUF path, an import report, null when cancelled', async () => {
    const { client } = setup();
    expect(await client.chooseGgufFile()).toEqual({ ok: true, value: '/models/tiny.gguf' });
    expect(await client.importPackOrCard()).toMatchObject({ ok: true, value: { character: 'Mara' } });
    const cancelled = setup({ chooseFile: async () => null });
    expect(await cancelled.client.importPackOrCard()).toEqual({ ok: true, value: null });
    expect(await cancelled.client.chooseGgufFile()).toEqual({ ok: true, value: null });
  });

  it('refuses every method from a subframe', async () => {
    const { client, keyStore } = setup({}, { sender: contents, senderFrame: { url: PAGE, parent: topFrame } });
    expect(await client.setApiKey('sk-1', 'https://api.example.com/v1')).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(await client.chooseGgufFile()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(keyStore.value).toBeUndefined();
  });

  it('registers one channel per method and removes them all', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual(DESKTOP_METHODS.map(desktopChannelFor).sort());
    unregister();
    expect(handlers.size).toBe(0);
  });
});

describe('the menu channel', () => {
  it('delivers known commands, drops anything else, and unsubscribes', () => {
    const { ipcRenderer, send } = fakeIpc();
    const received: MenuCommand[] = [];
    const off = subscribeMenu(ipcRenderer, (command) => received.push(command));
    send(MENU_CHANNEL, 'toggle-debug');
    send(MENU_CHANNEL, 'rm -rf');
    send(MENU_CHANNEL, { command: 'new-game' });
    send(MENU_CHANNEL, 'new-game');
    off();
    send(MENU_CHANNEL, 'preferences');
    expect(received).toEqual(['toggle-debug', 'new-game']);
  });
});
