import { discoverPacks, loadPack, type StoryPack } from '../pack/index.ts';
import type { CliContext } from './command.ts';

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
