import type { EngineHandlers } from '../../api/index.ts';
import type { HostContext } from '../context.ts';
import type { PackRegistry } from '../pack-registry.ts';

export function packsHandlers(
  context: HostContext,
  packs: PackRegistry,
): Pick<EngineHandlers, 'packs.list' | 'packs.reload'> {
  return {
    'packs.list': () => packs.summaries(),
    'packs.reload': async () => {
      const summaries = await packs.reload();
      context.events.emit({ type: 'packs.changed' });
      return summaries;
    },
  };
}
