import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError, type EngineHandlers } from '../../api/index.ts';
import type { HostContext } from '../context.ts';
import type { PackRegistry } from '../pack-registry.ts';

const COVER_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};
const MAX_COVER_BYTES = 5 * 1024 * 1024;

export function packsHandlers(
  context: HostContext,
  packs: PackRegistry,
): Pick<EngineHandlers, 'packs.list' | 'packs.reload' | 'packs.cover'> {
  return {
    'packs.list': () => packs.summaries(),
    'packs.cover': async ({ packId }) => {
      const summary = (await packs.summaries()).find((pack) => pack.id === packId);
      if (summary === undefined) throw new EngineError('not_found', `No story pack with id "${packId}" is installed.`);
      // The loader already checked that the cover path stays inside the pack.
      if (summary.coverPath === null) return { dataUrl: null };
      const file = path.resolve(summary.dir, summary.coverPath);
      const type = COVER_TYPES[path.extname(file).toLowerCase()];
      const size = await stat(file)
        .then((info) => info.size)
        .catch(() => null);
      if (type === undefined || size === null || size > MAX_COVER_BYTES) return { dataUrl: null };
      return { dataUrl: `data:${type};base64,${(await readFile(file)).toString('base64')}` };
    },
    'packs.reload': async () => {
      const summaries = await packs.reload();
      context.events.emit({ type: 'packs.changed' });
      return summaries;
    },
  };
}
