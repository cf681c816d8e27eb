import type { Result } from './engine.ts';

/** The slice of the Electron shell's `desktop` object the renderer uses (electron/shell-api.ts); absent in web mode. */
export interface DesktopBridge {
  readonly chooseGgufFile?: () => Promise<Result<string | null>>;
  readonly setApiKey?: (key: string, baseURL: string) => Promise<Result<{ readonly stored: true }>>;
}

/** Stores an API key for one endpoint (the shell binds it to that origin); null when saved, else why not. */
export type ApiKeySaver = (key: string, baseURL: string) => Promise<string | null>;

/** The desktop shell's key store, when there is one (web mode takes the key from the environment instead). */
export function apiKeySaver(): ApiKeySaver | undefined {
  const save = typeof window === 'undefined' ? undefined : window.storyloom?.desktop?.setApiKey;
  if (save === undefined) return undefined;
  return async (key, baseURL) => {
    const saved = await save(key, baseURL);
    return saved.ok ? null : saved.error.message;
  };
}

/** The OS file dialog for a .gguf model, when the desktop shell offers one; resolves to null when cancelled. */
export function ggufChooser(): (() => Promise<string | null>) | undefined {
  const choose = typeof window === 'undefined' ? undefined : window.storyloom?.desktop?.chooseGgufFile;
  if (choose === undefined) return undefined;
  return async () => {
    const chosen = await choose();
    return chosen.ok ? chosen.value : null;
  };
}
