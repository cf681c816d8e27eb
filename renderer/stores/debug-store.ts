import { createStore } from 'zustand/vanilla';
import type { EngineClient, StageCallRecord, TurnRecord } from '../engine.ts';

export interface DebugState {
  readonly open: boolean;
  readonly sandbox: boolean;
  readonly turns: readonly TurnRecord[];
  /** Stage calls per turn id, fetched when a turn is opened. */
  readonly calls: Readonly<Record<number, readonly StageCallRecord[]>>;
  readonly selectedTurn: number | null;
  readonly error: string | null;
  toggle(): void;
  setSandbox(on: boolean): void;
  refresh(saveId: string): Promise<void>;
  selectTurn(saveId: string, turnId: number): Promise<void>;
}

export type DebugStore = ReturnType<typeof createDebugStore>;

/** What the writer's drawer shows: every turn of the save and, for the one opened, every stage call it made. */
export function createDebugStore(api: EngineClient) {
  return createStore<DebugState>()((set, get) => ({
    open: false,
    sandbox: false,
    turns: [],
    calls: {},
    selectedTurn: null,
    error: null,
    toggle: () => set({ open: !get().open }),
    setSandbox: (sandbox) => set({ sandbox }),
    async refresh(saveId) {
      const turns = await api['saves.turns']({ id: saveId });
      if (!turns.ok) return set({ error: turns.error.message });
      const last = turns.value.at(-1);
      const selected = turns.value.some((turn) => turn.id === get().selectedTurn) ? get().selectedTurn : null;
      set({ turns: turns.value, calls: {}, error: null, selectedTurn: selected });
      const wanted = selected ?? last?.id;
      if (wanted !== undefined) await get().selectTurn(saveId, wanted);
    },
    async selectTurn(saveId, turnId) {
      set({ selectedTurn: turnId });
      if (get().calls[turnId] !== undefined) return;
      const calls = await api['saves.stageCalls']({ id: saveId, turnId });
      if (!calls.ok) return set({ error: calls.error.message });
      set({ calls: { ...get().calls, [turnId]: calls.value } });
    },
  }));
}
