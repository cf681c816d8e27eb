import { createStore } from 'zustand/vanilla';
import type {
  ContextView,
  EngineClient,
  LandscapeView,
  Result,
  StageCallRecord,
  TruthView,
  TurnRecord,
} from '../engine.ts';

/**
 * The drawer's panels: every stage call of a turn, the truth set as of it, the gravitational landscape as of it, and
 * the Narrator's retrieved context in it.
 */
export type DebugTab = 'calls' | 'truth' | 'landscape' | 'context';

export interface DebugState {
  readonly open: boolean;
  readonly sandbox: boolean;
  readonly tab: DebugTab;
  readonly turns: readonly TurnRecord[];
  /** Stage calls per turn id, fetched when a turn is opened. */
  readonly calls: Readonly<Record<number, readonly StageCallRecord[]>>;
  /** The truth set as of a turn, per turn id, fetched when a committed turn is opened in the Truth panel. */
  readonly truth: Readonly<Record<number, TruthView>>;
  /** The landscape as of a turn, per turn id, fetched when a committed turn is opened in the Landscape panel. */
  readonly landscape: Readonly<Record<number, LandscapeView>>;
  /** The retrieved tier of a turn, per turn id, fetched when a committed turn is opened in the Context panel. */
  readonly context: Readonly<Record<number, ContextView>>;
  /** The Truth panel's filter over proposition keys. */
  readonly truthFilter: string;
  readonly selectedTurn: number | null;
  readonly error: string | null;
  toggle(): void;
  setSandbox(on: boolean): void;
  setTruthFilter(filter: string): void;
  showTab(saveId: string | null, tab: DebugTab): Promise<void>;
  refresh(saveId: string): Promise<void>;
  selectTurn(saveId: string, turnId: number): Promise<void>;
}

export type DebugStore = ReturnType<typeof createDebugStore>;

/** What the writer's drawer shows: every turn of the save and, for the one opened, what the open panel needs of it. */
export function createDebugStore(api: EngineClient) {
  return createStore<DebugState>()((set, get) => {
    /** Keeps what a fetch returned, or reports why it failed. */
    async function keep<T>(pending: Promise<Result<T>>, store: (value: T) => void): Promise<void> {
      const result = await pending;
      if (result.ok) store(result.value);
      else set({ error: result.error.message });
    }
    /** Fetches what the open panel shows of a turn, unless it is already here. */
    async function load(saveId: string, turnId: number): Promise<void> {
      const { tab, calls, truth, landscape, context, turns } = get();
      if (tab === 'calls' && calls[turnId] === undefined) {
        return keep(api['saves.stageCalls']({ id: saveId, turnId }), (value) =>
          set({ calls: { ...get().calls, [turnId]: value } }),
        );
      }
      const turn = turns.find((candidate) => candidate.id === turnId);
      // A failed turn left nothing in the save's truth set, landscape or context: there is nothing to ask for.
      if (turn?.status !== 'committed') return;
      const asOf = { id: saveId, turn: turn.number };
      if (tab === 'truth' && truth[turnId] === undefined) {
        return keep(api['saves.truth'](asOf), (value) => set({ truth: { ...get().truth, [turnId]: value } }));
      }
      if (tab === 'landscape' && landscape[turnId] === undefined) {
        return keep(api['saves.landscape'](asOf), (value) =>
          set({ landscape: { ...get().landscape, [turnId]: value } }),
        );
      }
      if (tab === 'context' && context[turnId] === undefined) {
        return keep(api['saves.context'](asOf), (value) => set({ context: { ...get().context, [turnId]: value } }));
      }
    }
    return {
      open: false,
      sandbox: false,
      tab: 'calls',
      turns: [],
      calls: {},
      truth: {},
      landscape: {},
      context: {},
      truthFilter: '',
      selectedTurn: null,
      error: null,
      toggle: () => set({ open: !get().open }),
      setSandbox: (sandbox) => set({ sandbox }),
      setTruthFilter: (truthFilter) => set({ truthFilter }),
      async showTab(saveId, tab) {
        set({ tab });
        const turnId = get().selectedTurn;
        if (saveId !== null && turnId !== null) await load(saveId, turnId);
      },
      async refresh(saveId) {
        const turns = await api['saves.turns']({ id: saveId });
        if (!turns.ok) return set({ error: turns.error.message });
        const previous = get();
        // Looking at the last turn follows the story to the new last one; an older turn stays open.
        const wasLast = previous.selectedTurn !== null && previous.selectedTurn === previous.turns.at(-1)?.id;
        const kept = turns.value.some((turn) => turn.id === previous.selectedTurn) && !wasLast;
        const selected = kept ? previous.selectedTurn : null;
        const forgotten = { calls: {}, truth: {}, landscape: {}, context: {} };
        set({ turns: turns.value, ...forgotten, error: null, selectedTurn: selected });
        const wanted = selected ?? turns.value.at(-1)?.id;
        if (wanted !== undefined) await get().selectTurn(saveId, wanted);
      },
      async selectTurn(saveId, turnId) {
        set({ selectedTurn: turnId });
        await load(saveId, turnId);
      },
    };
  });
}
