import { discoverPacks, loadPack, type StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import type { CliContext } from './command.ts';
import { readAppVersion } from './install-paths.ts';
import { packFolders } from './pack-folders.ts';

/** The installed pack (built-in or the player's) with this id, loaded; null when it is not installed or is broken. */
export async function installedPack(
  context: CliContext,
  packId: string,
  appVersion: string,
): Promise<StoryPack | null> {
  const { builtinStories, userStories } = context.roots;
  const listings = await discoverPacks({ builtinDir: builtinStories, userDir: userStories, appVersion }).catch(
    () => [],
  );
  const listing = listings.find((candidate) => candidate.id === packId);
  if (listing === undefined) return null;
  return (await loadPack(listing.dir, { appVersion })).pack;
}

/**
 * The story pack a save was played with, loaded: the installed one, else the folder `storyloom play <folder>` last
 * played it from. Throws when neither has it or it does not load.
 */
export async function savePack(context: CliContext, store: Pick<SaveStore, 'meta'>): Promise<StoryPack> {
  const { packId } = store.meta();
  const appVersion = readAppVersion();
  const pack =
    (await installedPack(context, packId, appVersion)) ?? (await playedFolderPack(context, packId, appVersion));
  if (pack === null)
    throw new Error(
      `the save's story pack "${packId}" is not installed, nor known from \`storyloom play <folder>\` (or does not load)`,
    );
  return pack;
}

async function playedFolderPack(context: CliContext, packId: string, appVersion: string): Promise<StoryPack | null> {
  const folder = (await packFolders(context.roots))[packId];
  if (folder === undefined) return null;
  const { pack } = await loadPack(folder, { appVersion }).catch(() => ({ pack: null }));
  // The folder may have been reused for another pack since.
  return pack?.manifest.id === packId ? pack : null;
}
