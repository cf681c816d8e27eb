import type { Result } from '../engine/api/index.ts';

/**
 * The desktop shell's own small typed channels, next to the EngineApi (which stays generated from the handler map).
 * Shared by main and preload; the renderer sees them only as `window.storyloom.onMenu` and `window.storyloom.desktop`.
 *
 * Renderer usage (web mode has neither, so feature-check first):
 *
 *   const off = window.storyloom?.onMenu?.((command) => { if (command === 'toggle-debug') debug.toggle(); });
 *   await window.storyloom?.desktop?.setApiKey('sk-…', 'https://api.openai.com/v1');   // never answers with the key
 */

/** Menu items the renderer acts on; the OS ones (folders, import, reload) are handled in main. */
export const MENU_COMMANDS = ['new-game', 'open-save', 'preferences', 'toggle-debug'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];
export const MENU_CHANNEL = 'storyloom:menu';

export const isMenuCommand = (value: unknown): value is MenuCommand =>
  typeof value === 'string' && (MENU_COMMANDS as readonly string[]).includes(value);

/** What an import from the shell reports back: enough to show, nothing more. */
export interface ImportReport {
  readonly packDir: string;
  readonly createdPack: boolean;
  readonly format: string;
  readonly character: string | null;
  readonly loreEntries: number;
  readonly notes: readonly string[];
}

/** `null` when the player closed the dialog. */
export interface DesktopApi {
  /**
   * Stores the key encrypted with the OS keychain, bound to the origin of `baseURL` (the endpoint it is for): it is
   * never sent to another server, so changing the endpoint to another origin needs the key entered again.
   */
  setApiKey(key: string, baseURL: string): Promise<Result<{ readonly stored: true }>>;
  clearApiKey(): Promise<Result<{ readonly cleared: true }>>;
  /** Whether a key is stored; the key itself never reaches the renderer. */
  hasApiKey(): Promise<Result<boolean>>;
  importPackOrCard(): Promise<Result<ImportReport | null>>;
  chooseGgufFile(): Promise<Result<string | null>>;
}

export type DesktopMethod = keyof DesktopApi;
export const DESKTOP_METHODS = [
  'setApiKey',
  'clearApiKey',
  'hasApiKey',
  'importPackOrCard',
  'chooseGgufFile',
] as const satisfies readonly DesktopMethod[];
export const desktopChannelFor = (method: DesktopMethod): string => `storyloom:desktop:${method}`;

/** The structural slice of ipcRenderer the preload uses (tests pass a fake). */
export interface ShellIpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
}

/** Subscribes to menu commands; anything that is not a known command is dropped. Returns the unsubscribe. */
export function subscribeMenu(ipcRenderer: ShellIpcRendererLike, listener: (command: MenuCommand) => void): () => void {
  const relay = (_event: unknown, payload: unknown): void => {
    if (isMenuCommand(payload)) listener(payload);
  };
  ipcRenderer.on(MENU_CHANNEL, relay);
  return () => ipcRenderer.removeListener(MENU_CHANNEL, relay);
}

/** The preload's desktop object: one invoke per method; main answers with Result values only. */
export function createDesktopClient(ipcRenderer: ShellIpcRendererLike): DesktopApi {
  const call = <M extends DesktopMethod>(method: M, ...args: unknown[]): ReturnType<DesktopApi[M]> =>
    // Main registers every desktop channel with handlers that only ever answer Result values of these types.
    ipcRenderer.invoke(desktopChannelFor(method), ...args) as ReturnType<DesktopApi[M]>;
  return Object.freeze({
    setApiKey: (key: string, baseURL: string) => call('setApiKey', key, baseURL),
    clearApiKey: () => call('clearApiKey'),
    hasApiKey: () => call('hasApiKey'),
    importPackOrCard: () => call('importPackOrCard'),
    chooseGgufFile: () => call('chooseGgufFile'),
  });
}
