import { createStore } from 'zustand/vanilla';
import type {
  ChronicleView,
  ContextView,
  EngineClient,
  KnowledgeGraphView,
  LandscapeView,
  Result,
  StageCallRecord,
  TruthView,
  TurnRecord,
} from '../engine.ts';
import { knowledgeKey, pickedGraph } from './picked-graph.ts';

/**
 * The drawer's panels: every stage call of a turn, the truth set as of it, the gravitational landscape as of it, the
 * Narrator's retrieved context in it, and as of it the characters (with their knowledge graphs) and the Chronicler.
 */
export type DebugTab = 'calls' | 'truth' | 'landscape' | 'context' | 'characters' | 'chronicle';

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
  /** The Chronicler's and the simulation's state as of a turn, per turn id, for the Characters and Chronicle panels. */
  readonly chronicle: Readonly<Record<number, ChronicleView>>;
  /** Knowledge graphs as of a turn, per `knowledgeKey`, fetched when one is shown in the Characters panel. */
  readonly knowledge: Readonly<Record<string, KnowledgeGraphView>>;
  /** The graph picked in the Characters panel (a character id or the World KG); null: the first character's. */
  readonly graph: string | null;
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
  pickGraph(saveId: string | null, graph: string): Promise<void>;
}

export type DebugStore = ReturnType<typeof createDebugStore>;

/** What the writer's drawer shows: every turn of the save and, for the one opened, what the open panel needs of it. */
export function createDebugStore(api: EngineClient) {
  return createStore<DebugState>()((set, get) => {
    /**
     * Bumped whenever `refresh` asks for the turns and again when it forgets what was read: turn ids are only unique
     * within a save, so a reply asked for before (perhaps of another save) must not land under the new turns' ids.
     */
    let generation = 0;
    /** Keeps what a fetch asked for in `asked` returned, or reports why it failed; a stale reply is dropped. */
    async function keepReply<T>(asked: number, pending: Promise<Result<T>>, store: (value: T) => void): Promise<void> {
      const result = await pending;
      if (asked !== generation) return;
      if (result.ok) store(result.value);
      else set({ error: result.error.message });
    }
    /**
     * One per-turn view of the drawer: where it is kept, how it is fetched, and whether only a committed turn has it
     * (a failed turn left nothing in the save's truth set, landscape, context or chronicle to ask for).
     */
    function turnView<T>(
      kept: (state: DebugState) => Readonly<Record<number, T>>,
      keep: (state: DebugState, turnId: number, value: T) => Partial<DebugState>,
      fetch: (saveId: string, turnId: number, turnNumber: number) => Promise<Result<T>>,
      committedOnly = true,
    ) {
      return async (asked: number, saveId: string, turnId: number): Promise<void> => {
        if (kept(get())[turnId] !== undefined) return;
        const turn = get().turns.find((candidate) => candidate.id === turnId);
        if (committedOnly && turn?.status !== 'committed') return;
        await keepReply(asked, fetch(saveId, turnId, turn?.number ?? 0), (value) => set(keep(get(), turnId, value)));
      };
    }
    const chronicleView = turnView(
      (state) => state.chronicle,
      (state, turnId, value) => ({ chronicle: { ...state.chronicle, [turnId]: value } }),
      (id, _turnId, turn) => api['saves.chronicle']({ id, turn }),
    );
    /** What each panel shows of the opened turn (the Characters panel starts from the chronicle, see `load`). */
    const panels: Record<DebugTab, ReturnType<typeof turnView>> = {
      calls: turnView(
        (state) => state.calls,
        (state, turnId, value) => ({ calls: { ...state.calls, [turnId]: value } }),
        (id, turnId) => api['saves.stageCalls']({ id, turnId }),
        false,
      ),
      truth: turnView(
        (state) => state.truth,
        (state, turnId, value) => ({ truth: { ...state.truth, [turnId]: value } }),
        (id, _turnId, turn) => api['saves.truth']({ id, turn }),
      ),
      landscape: turnView(
        (state) => state.landscape,
        (state, turnId, value) => ({ landscape: { ...state.landscape, [turnId]: value } }),
        (id, _turnId, turn) => api['saves.landscape']({ id, turn }),
      ),
      context: turnView(
        (state) => state.context,
        (state, turnId, value) => ({ context: { ...state.context, [turnId]: value } }),
        (id, _turnId, turn) => api['saves.context']({ id, turn }),
      ),
      characters: chronicleView,
      chronicle: chronicleView,
    };
    /** Fetches what the open panel shows of a turn, unless it is already here. */
    async function load(saveId: string, turnId: number): Promise<void> {
      const asked = generation;
      const { tab } = get();
      await panels[tab](asked, saveId, turnId);
      const chronicle = get().chronicle[turnId];
      const turn = get().turns.find((candidate) => candidate.id === turnId);
      if (tab !== 'characters' || chronicle === undefined || turn?.status !== 'committed' || asked !== generation)
        return;
      // The characters come with the chronicle: only now is it known whose graph is shown first.
      const graph = pickedGraph(get().graph, chronicle);
      const key = knowledgeKey(turnId, graph);
      if (get().knowledge[key] === undefined) {
        return keepReply(asked, api['saves.knowledge']({ id: saveId, turn: turn.number, graph }), (value) =>
          set({ knowledge: { ...get().knowledge, [key]: value } }),
        );
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
      chronicle: {},
      knowledge: {},
      graph: null,
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
        const asked = ++generation;
        const turns = await api['saves.turns']({ id: saveId });
        // A later refresh (perhaps of another save) was asked for meanwhile: its turns are the ones to show.
        if (asked !== generation) return;
        if (!turns.ok) return set({ error: turns.error.message });
        const previous = get();
        // Looking at the last turn follows the story to the new last one; an older turn stays open.
        const wasLast = previous.selectedTurn !== null && previous.selectedTurn === previous.turns.at(-1)?.id;
        const kept = turns.value.some((turn) => turn.id === previous.selectedTurn) && !wasLast;
        const selected = kept ? previous.selectedTurn : null;
        const forgotten = { calls: {}, truth: {}, landscape: {}, context: {}, chronicle: {}, knowledge: {} };
        generation += 1;
        set({ turns: turns.value, ...forgotten, error: null, selectedTurn: selected });
        const wanted = selected ?? turns.value.at(-1)?.id;
        if (wanted !== undefined) await get().selectTurn(saveId, wanted);
      },
      async selectTurn(saveId, turnId) {
        set({ selectedTurn: turnId });
        await load(saveId, turnId);
      },
      async pickGraph(saveId, graph) {
        set({ graph });
        const turnId = get().selectedTurn;
        if (saveId !== null && turnId !== null) await load(saveId, turnId);
      },
    };
  });
}
