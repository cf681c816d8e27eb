import { createStore } from 'zustand/vanilla';
import type {
  EngineClient,
  PackImportResult,
  PackSummary,
  ParamsOf,
  Result,
  SaveSummary,
  UnreadableSave,
} from '../engine.ts';

export interface LibraryState {
  readonly packs: readonly PackSummary[];
  readonly saves: readonly SaveSummary[];
  readonly unreadable: readonly UnreadableSave[];
  readonly loaded: boolean;
  readonly error: string | null;
  load(): Promise<void>;
  /** A new game, as the player chose it (persona and greeting; null: the pack's default persona, no greeting). */
  create(
    packId: string,
    choice: { readonly personaId: string | null; readonly greeting: number | null },
  ): Promise<SaveSummary | null>;
  rename(id: string, title: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Writes a copy of the save to `destPath`; resolves to an error message, or null when it was written. */
  exportSave(id: string, destPath: string): Promise<string | null>;
  /** A pack's cover as a data: URL; null when it has none or it cannot be read. */
  cover(packId: string): Promise<string | null>;
  /** Imports a dropped card or lorebook; the library reloads when the engine says packs changed. */
  importFile(params: ParamsOf<'packs.import'>): Promise<Result<PackImportResult>>;
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;

/** Packs and saves as the engine lists them; every change is read back from the engine. */
export function createLibraryStore(api: EngineClient) {
  return createStore<LibraryState>()((set, get) => {
    const fail = (message: string): void => set({ error: message });
    const loadSaves = async (): Promise<void> => {
      const listing = await api['saves.list']();
      if (!listing.ok) return fail(listing.error.message);
      const saves = [...listing.value.saves].sort((a, b) => b.updatedAt - a.updatedAt);
      set({ saves, unreadable: listing.value.unreadable });
    };
    return {
      packs: [],
      saves: [],
      unreadable: [],
      loaded: false,
      error: null,
      async load() {
        const packs = await api['packs.list']();
        if (!packs.ok) return fail(packs.error.message);
        set({ packs: packs.value, error: null });
        await loadSaves();
        set({ loaded: true });
      },
      async create(packId, { personaId, greeting }) {
        const created = await api['saves.create']({
          packId,
          ...(personaId === null ? {} : { personaId }),
          ...(greeting === null ? {} : { greeting }),
        });
        if (!created.ok) {
          fail(created.error.message);
          return null;
        }
        await loadSaves();
        return created.value;
      },
      async rename(id, title) {
        const renamed = await api['saves.rename']({ id, title });
        if (!renamed.ok) return fail(renamed.error.message);
        await loadSaves();
      },
      async remove(id) {
        const removed = await api['saves.delete']({ id });
        if (!removed.ok) return fail(removed.error.message);
        set({ saves: get().saves.filter((save) => save.id !== id) });
      },
      async exportSave(id, destPath) {
        const exported = await api['saves.export']({ id, destPath });
        return exported.ok ? null : exported.error.message;
      },
      async cover(packId) {
        const cover = await api['packs.cover']({ packId });
        return cover.ok ? cover.value.dataUrl : null;
      },
      importFile: (params) => api['packs.import'](params),
    };
  });
}
