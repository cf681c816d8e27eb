import { EngineError, type EngineHandlers } from '../../api/index.ts';
import type { SaveLibrary } from '../../store/index.ts';
import { packGreetings } from '../../pack/index.ts';
import { createdNames, latestChoices, toStreamMessage } from '../../turn/index.ts';
import type { HostContext } from '../context.ts';
import type { PackRegistry } from '../pack-registry.ts';
import type { SaveReaders, SaveReading } from '../save-readers.ts';
import type { Sessions } from '../sessions.ts';

type SaveMethods = 'saves.list' | 'saves.create' | 'saves.open' | 'saves.rename' | 'saves.delete' | 'saves.export';

export function savesHandlers(
  context: HostContext,
  library: SaveLibrary,
  packs: PackRegistry,
  sessions: Sessions,
  readers: SaveReaders,
  reading: SaveReading,
): Pick<EngineHandlers, SaveMethods> {
  const changed = (): void => context.events.emit({ type: 'saves.changed' });
  return {
    'saves.list': async () => library.list(),
    'saves.create': async ({ packId, personaId, title, seed: givenSeed, greeting }) => {
      const pack = await packs.pack(packId);
      const persona = personaId ?? pack.manifest.start.persona;
      if (!pack.personas.some((candidate) => candidate.id === persona)) {
        throw new EngineError('invalid_params', `The story "${pack.manifest.title}" has no persona "${persona}".`);
      }
      const greetings = packGreetings(pack.characters).length;
      if (greeting !== undefined && greeting >= greetings) {
        const has = greetings === 0 ? 'no greetings' : `greetings 0–${greetings - 1}`;
        throw new EngineError(
          'invalid_params',
          `The story "${pack.manifest.title}" has ${has}; no greeting ${greeting}.`,
        );
      }
      const seed = givenSeed ?? context.ports.rng.newSeed();
      const summary = await library.create({
        title: title ?? pack.manifest.title,
        packId: pack.manifest.id,
        packVersion: pack.manifest.version,
        packContentHash: pack.contentHash,
        personaId: persona,
        rngSeed: seed,
        rngState: context.ports.rng.fromSeed(seed).state(),
      });
      if (greeting === undefined) {
        changed();
        return summary;
      }
      const opened = await sessions.greet(summary.id, greeting);
      if (opened.kind === 'notice') throw new EngineError('invalid_params', opened.message);
      changed();
      return reading(summary.id, (store) => store.summary());
    },
    'saves.open': async ({ id, lastMessages }) => {
      await openForPlay(sessions, id);
      return reading(id, (store) => ({
        summary: store.summary(),
        messages: store.lastMessages(lastMessages).map(toStreamMessage),
        choices: latestChoices(store),
        createdNames: createdNames(store),
      }));
    },
    'saves.rename': async ({ id, title }) => {
      const playing = await sessions.storeOf(id);
      playing?.rename(title);
      const summary = playing === null ? await library.rename(id, title) : playing.summary();
      changed();
      return summary;
    },
    'saves.delete': async ({ id }) => {
      await sessions.release(id);
      await readers.close(id);
      library.delete(id);
      changed();
      return { deleted: id };
    },
    'saves.export': async ({ id, destPath }) => ({ path: library.export(id, destPath) }),
  };
}

/**
 * Opening a save opens it for play: its writer lock is taken and the work a crash interrupted resumes now. A save open
 * in another process is refused (`save_in_use`, naming it); a save that cannot be played here for another reason (its
 * story is not installed) still opens for reading, and the first input says why it cannot be played.
 */
async function openForPlay(sessions: Sessions, id: string): Promise<void> {
  try {
    await sessions.open(id);
  } catch (error) {
    if (error instanceof EngineError && (error.code === 'save_in_use' || isUnreadable(error))) throw error;
  }
}

function isUnreadable(error: EngineError): boolean {
  return error.code === 'save_corrupt' || error.code === 'save_foreign' || error.code === 'save_too_new';
}
