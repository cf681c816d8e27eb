import { fail } from '../engine/api/index.ts';

/**
 * IPC sender checks. Every handler — EngineApi and desktop alike — answers only the main window's top frame showing the
 * built renderer: not a subframe, not another window, not a page it navigated to.
 */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}
export interface SenderEventLike {
  readonly sender: unknown;
  readonly senderFrame: FrameLike | null;
}
export type IpcListener<E> = (event: E, ...args: unknown[]) => Promise<unknown>;
export interface IpcMainPort<E> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** The window the app trusts: its webContents (compared by identity) and the page it must show. */
export interface TrustedWindow {
  readonly webContents: unknown;
  readonly pageUrl: string;
}

/** The same document: the address up to any query or fragment (the page may use either for its own state). */
export function isSamePage(url: string | null, pageUrl: string): boolean {
  if (url === null) return false;
  const withoutState = (value: string): string => value.replace(/[?#].*$/su, '');
  return withoutState(url) === withoutState(pageUrl);
}

export function isTrustedSender(event: SenderEventLike, trusted: TrustedWindow | null): boolean {
  if (trusted === null || event.sender !== trusted.webContents) return false;
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isSamePage(frame.url, trusted.pageUrl);
}

/**
 * Wraps ipcMain so every handler registered through it first checks the sender; a refused call is answered with an
 * `unauthorized` Result value, as the engine's own check does.
 */
export function guardIpcMain<E extends SenderEventLike>(
  ipcMain: IpcMainPort<E>,
  trusted: () => TrustedWindow | null,
): IpcMainPort<E> {
  return {
    handle(channel, listener) {
      ipcMain.handle(channel, async (event, ...args) => {
        if (!isTrustedSender(event, trusted())) {
          return fail({ code: 'unauthorized', message: `IPC call on ${channel} from a frame other than the window` });
        }
        return listener(event, ...args);
      });
    },
    removeHandler: (channel) => ipcMain.removeHandler(channel),
  };
}
