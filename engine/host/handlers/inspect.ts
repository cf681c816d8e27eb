import type { EngineHandlers } from '../../api/index.ts';
import {
  buildTruthView,
  chronicleView,
  contextView,
  knowledgeGraphView,
  landscapeView,
  stageCallRecords,
  streamPage,
  transcript,
  turnRecords,
} from '../../inspect/index.ts';
import type { SaveStore } from '../../store/index.ts';
import type { PackRegistry } from '../pack-registry.ts';
import type { SaveReading } from '../save-readers.ts';

type InspectMethods =
  | 'saves.messages'
  | 'saves.turns'
  | 'saves.stageCalls'
  | 'saves.truth'
  | 'saves.landscape'
  | 'saves.context'
  | 'saves.knowledge'
  | 'saves.chronicle'
  | 'saves.transcript';

/** The read side of a save (engine/inspect): its stream, turns and stage calls, the debug views, its transcript. */
export function inspectHandlers(packs: PackRegistry, reading: SaveReading): Pick<EngineHandlers, InspectMethods> {
  const packOf = (store: SaveStore) => packs.pack(store.meta().packId);
  return {
    'saves.messages': ({ id, beforeId, limit }) => reading(id, (store) => streamPage(store, beforeId ?? null, limit)),
    'saves.turns': ({ id }) => reading(id, turnRecords),
    'saves.stageCalls': ({ id, turnId }) => reading(id, (store) => stageCallRecords(store, turnId)),
    'saves.truth': ({ id, turn }) => reading(id, async (store) => buildTruthView(store, await packOf(store), turn)),
    'saves.landscape': ({ id, turn }) => reading(id, async (store) => landscapeView(store, await packOf(store), turn)),
    'saves.context': ({ id, turn }) => reading(id, (store) => contextView(store, turn)),
    'saves.knowledge': ({ id, graph, turn }) =>
      reading(id, async (store) => knowledgeGraphView(store, await packOf(store), graph, turn)),
    'saves.chronicle': ({ id, turn }) => reading(id, async (store) => chronicleView(store, await packOf(store), turn)),
    // Without its pack (not installed, or broken) a save's transcript still reads, by ids.
    'saves.transcript': ({ id, format, thoughts }) =>
      reading(id, async (store) => ({
        text: transcript(store, await packOf(store).catch(() => null), { format, thoughts }),
      })),
  };
}
