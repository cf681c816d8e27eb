import path from 'node:path';
import { createEngineClient, createInProcessTransport, type EngineClient, type Result } from '../api/index.ts';
import type { CliContext } from './command.ts';
import { createCliEngine } from './engine-for-cli.ts';
import { packFolders } from './pack-folders.ts';
import { resolveSave } from './save-path.ts';

/** An EngineApi answer's value; its error, as the message people read, thrown. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/**
 * Reads the save a command names through the EngineApi, in-process, as the app reads it: an engine whose saves folder
 * is the save's own and, with `playedPacks`, which finds a pack that is not installed in the folder
 * `storyloom play <folder>` last played it from. The save is only read: it may be open for play elsewhere.
 */
export async function withSaveApi<T>(
  context: CliContext,
  save: string,
  options: { readonly playedPacks: boolean },
  read: (api: EngineClient, saveId: string) => Promise<T>,
): Promise<T> {
  const file = resolveSave(context, save);
  const engine = await createCliEngine(context, {
    savesFolder: path.dirname(file),
    ...(options.playedPacks && { playedPackFolders: await packFolders(context.roots) }),
  });
  try {
    const { api } = createEngineClient(createInProcessTransport(engine));
    return await read(api, path.basename(file));
  } finally {
    await engine.dispose();
  }
}

/** A view of the save; a pack that is neither installed nor known from a folder is named as the CLI knows to look. */
export function viewOf<T>(result: Result<T>): T {
  if (!result.ok && result.error.code === 'not_found') {
    const packId = result.error.details?.['packId'];
    if (typeof packId === 'string')
      throw new Error(
        `the save's story pack "${packId}" is not installed, nor known from \`storyloom play <folder>\` (or does not load)`,
      );
  }
  return unwrap(result);
}
