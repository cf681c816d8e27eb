import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPack, type StoryPack } from '../../engine/pack/index.ts';

export const STORIES_DIR = fileURLToPath(new URL('../../stories/', import.meta.url));
/** Packs made for tests (test/fixtures/packs), laid out like the built-in stories. */
export const TEST_PACKS_DIR = fileURLToPath(new URL('../fixtures/packs/', import.meta.url));
/** The app version the tests load packs and open saves as. */
export const APP_VERSION = '0.1.0';
/** Lantern Quay's persona. */
export const PERSONA = 'sam-fairweather';

/** A built-in story (`stories/<id>`), loaded; throws if it does not load. */
export async function loadBuiltInPack(id: string): Promise<StoryPack> {
  const { pack } = await loadPack(path.join(STORIES_DIR, id), { appVersion: APP_VERSION });
  if (pack === null) throw new Error(`the built-in pack ${id} did not load`);
  return pack;
}

export function lanternQuay(): Promise<StoryPack> {
  return loadBuiltInPack('lantern-quay');
}
