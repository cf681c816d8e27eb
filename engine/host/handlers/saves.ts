import type { EngineHandlers, StreamMessage } from '../../api/index.ts';
import type { SaveLibrary, StoredMessage } from '../../store/index.ts';
import type { HostContext } from '../context.ts';

type SaveMethods = 'saves.list' | 'saves.create' | 'saves.open' | 'saves.messages' | 'saves.rename' | 'saves.delete' | 'saves.export';

export function savesHandlers(context: HostContext, library: SaveLibrary): Pick<EngineHandlers, SaveMethods> {
  const changed = (): void => context.events.emit({ type: 'saves.changed' });
  return {
    'saves.list': async () => library.list(),
    'saves.create': async (params) => {
      const seed = context.ports.rng.newSeed();
      const summary = await library.create({ ...params, rngSeed: seed, rngState: context.ports.rng.fromSeed(seed).state() });
      changed();
      return summary;
    },
    'saves.open': async ({ id, lastMessages }) => {
      const store = await library.open(id);
      try {
        return { summary: store.summary(), messages: store.lastMessages(lastMessages).map(toStreamMessage) };
      } finally {
        store.close();
      }
    },
    'saves.messages': async ({ id, beforeId, limit }) => {
      const store = await library.open(id);
      try {
        return store.messagesBefore(beforeId ?? null, limit).map(toStreamMessage);
      } finally {
        store.close();
      }
    },
    'saves.rename': async ({ id, title }) => {
      const summary = await library.rename(id, title);
      changed();
      return summary;
    },
    'saves.delete': async ({ id }) => {
      library.delete(id);
      changed();
      return { deleted: id };
    },
    'saves.export': async ({ id, destPath }) => ({ path: await library.export(id, destPath) }),
  };
}

function toStreamMessage(message: StoredMessage): StreamMessage {
  return {
    id: message.id,
    turn: message.turnNumber,
    seq: message.seq,
    owner: message.owner,
    type: message.type,
    content: message.content,
    mood: message.mood,
    createdAt: message.createdAt,
  };
}
