import type { Result } from './engine.ts';

/** The slice of the Electron shell's `desktop` object the renderer uses (electron/shell-api.ts); absent in web mode. */
export interface DesktopBridge {
  readonly chooseGgufFile?: () => Promise<Result<string | null>>;
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
