import { errorMessage, baseUrlSchema, fail, ok, type Result } from '../engine/api/index.ts';
import { endpointOrigin, type BoundApiKey } from '../engine/llm/index.ts';
import { apiKeyProblem, type KeyStore } from './key-store.ts';
import type { IpcMainPort, SenderEventLike } from './sender-guard.ts';
import {
  DESKTOP_METHODS,
  desktopChannelFor,
  type DesktopApi,
  type DesktopMethod,
  type ImportReport,
} from './shell-api.ts';

/** What the desktop channel needs from main; each is a thin call into Electron or the engine. */
export interface DesktopDeps {
  readonly keyStore: KeyStore;
  /** Hands the engine the new key and its origin (or none) so remote providers use it from the next call. */
  applyApiKey(key: BoundApiKey | undefined): Promise<void>;
  /** Shows an open-file dialog; the chosen path or null. */
  chooseFile(kind: 'import' | 'gguf'): Promise<string | null>;
  importPackOrCard(file: string): Promise<ImportReport>;
}

type Handler = (...args: unknown[]) => Promise<Result<unknown>>;

const failure = (error: unknown): Result<never> => fail({ code: 'internal', message: errorMessage(error) });

async function guarded<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await run());
  } catch (error) {
    return failure(error);
  }
}

export function desktopHandlers(deps: DesktopDeps): Record<DesktopMethod, Handler> {
  const handlers: { readonly [M in DesktopMethod]: (...args: unknown[]) => ReturnType<DesktopApi[M]> } = {
    async setApiKey(key, baseURL) {
      const problem = apiKeyProblem(key);
      if (problem !== null || typeof key !== 'string') {
        return fail({ code: 'invalid_params', message: problem ?? 'the API key must be a string' });
      }
      const endpoint = baseUrlSchema.safeParse(baseURL);
      if (!endpoint.success) {
        const reason = endpoint.error.issues[0]?.message ?? 'not a URL';
        return fail({ code: 'invalid_params', message: `the endpoint the key is for: ${reason}` });
      }
      // The key is bound to this endpoint's origin: the engine never sends it to another server.
      const bound = { key: key.trim(), origin: endpointOrigin(endpoint.data) };
      return guarded(async () => {
        await deps.keyStore.write(bound);
        await deps.applyApiKey(bound);
        return { stored: true } as const;
      });
    },
    clearApiKey: () =>
      guarded(async () => {
        await deps.keyStore.clear();
        await deps.applyApiKey(undefined);
        return { cleared: true } as const;
      }),
    hasApiKey: () => guarded(() => deps.keyStore.has()),
    importPackOrCard: () =>
      guarded(async () => {
        const file = await deps.chooseFile('import');
        return file === null ? null : deps.importPackOrCard(file);
      }),
    chooseGgufFile: () => guarded(() => deps.chooseFile('gguf')),
  };
  return handlers;
}

/** Registers every desktop channel (through the guarded ipcMain); returns the unregister. */
export function registerDesktopHandlers<E extends SenderEventLike>(
  ipcMain: IpcMainPort<E>,
  deps: DesktopDeps,
): () => void {
  const handlers = desktopHandlers(deps);
  for (const method of DESKTOP_METHODS) {
    ipcMain.handle(desktopChannelFor(method), (_event, ...args) => handlers[method](...args));
  }
  return () => DESKTOP_METHODS.forEach((method) => ipcMain.removeHandler(desktopChannelFor(method)));
}
