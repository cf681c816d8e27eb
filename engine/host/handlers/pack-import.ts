import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, EngineError, type EngineHandlers, type ParsedParamsOf } from '../../api/index.ts';
import { importFile } from '../../pack/index.ts';
import type { HostContext } from '../context.ts';
import type { PackRegistry } from '../pack-registry.ts';

/**
 * `packs.import`: a card or lorebook dropped on the library goes into one of the player's own packs, or a new one in
 * the user stories folder. The importer writes nothing unless everything parses.
 */
export function packImportHandlers(context: HostContext, packs: PackRegistry): Pick<EngineHandlers, 'packs.import'> {
  return {
    'packs.import': async (params) => {
      const into = await targetFolder(context, packs, params.into);
      const scratch = await mkdtemp(path.join(context.ports.roots.home, '.import-'));
      try {
        const file = path.join(scratch, path.basename(params.fileName));
        await writeFile(file, Buffer.from(params.contentBase64, 'base64'));
        const summary = await importFile(file, {
          into,
          appVersion: context.appVersion,
          ...(params.as === undefined ? {} : { as: params.as }),
          ...('newPack' in params.into ? { newPackTitle: params.into.newPack } : {}),
        }).catch((error: unknown) => {
          throw new EngineError('invalid_params', errorMessage(error));
        });
        const listing = await packs.reload();
        context.events.emit({ type: 'packs.changed' });
        const packId = listing.find((pack) => path.resolve(pack.dir) === path.resolve(into))?.id ?? path.basename(into);
        const { format, createdPack, character, lore, skipped, notes, files } = summary;
        return { packId, format, createdPack, character, lore, skipped, notes, files };
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

async function targetFolder(
  context: HostContext,
  packs: PackRegistry,
  into: ParsedParamsOf<'packs.import'>['into'],
): Promise<string> {
  if ('packId' in into) {
    const found = await packs.location(into.packId);
    if (found === null) throw new EngineError('not_found', `No story pack with id "${into.packId}" is installed.`);
    if (found.source === 'builtin') {
      throw new EngineError(
        'invalid_params',
        'Built-in stories are read-only: import into one of your own packs or a new one.',
      );
    }
    return found.dir;
  }
  const folder = into.newPack
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  if (folder === '') throw new EngineError('invalid_params', `"${into.newPack}" cannot name a pack folder.`);
  await mkdir(context.ports.roots.userStories, { recursive: true });
  return path.join(context.ports.roots.userStories, folder);
}
