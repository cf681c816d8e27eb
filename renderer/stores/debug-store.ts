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
    async function keep<T>(asked: number, pending: Promise<Result<T>>, store: (value: T) => void): Promise<void> {
      const result = await pending;
      if (asked !== generation) return;
      if (result.ok) store(result.value);
      else set({ error: result.error.message });
    }
    /** Fetches what the open panel shows of a turn, unless it is already here. */
    async function load(saveId: string, turnId: number): Promise<void> {
      const asked = generation;
      const { tab, calls, truth, landscape, context, turns } = get();
      if (tab === 'calls' && calls[turnId] === undefined) {
        return keep(asked, api['saves.stageCalls']({ id: saveId, turnId }), (value) =>
          set({ calls: { ...get().calls, [turnId]: value } }),
        );
      }
      const turn = turns.find((candidate) => candidate.id === turnId);
      // A failed turn left nothing in the save's truth set, landscape, context or chronicle: nothing to ask for.
      if (turn?.status !== 'committed') return;
      const asOf = { id: saveId, turn: turn.number };
      if (tab === 'truth' && truth[turnId] === undefined) {
        return keep(asked, api['saves.truth'](asOf), (value) => set({ truth: { ...get().truth, [turnId]: value } }));
      }
      if (tab === 'landscape' && landscape[turnId] === undefined) {
        return keep(asked, api['saves.landscape'](asOf), (value) =>
          set({ landscape: { ...get().landscape, [turnId]: value } }),
        );
      }
      if (tab === 'context' && context[turnId] === undefined) {
        return keep(asked, api['saves.context'](asOf), (value) =>
          set({ context: { ...get().context, [turnId]: value } }),
        );
      }
      if ((tab === 'characters' || tab === 'chronicle') && get().chronicle[turnId] === undefined) {
        await keep(asked, api['saves.chronicle'](asOf), (value) =>
          set({ chronicle: { ...get().chronicle, [turnId]: value } }),
        );
      }
      const chronicle = get().chronicle[turnId];
      if (tab !== 'characters' || chronicle === undefined || asked !== generation) return;
      // The characters come with the chronicle: only now is it known whose graph is shown first.
      const graph = pickedGraph(get().graph, chronicle);
      const key = knowledgeKey(turnId, graph);
      if (get().knowledge[key] === undefined) {
        return keep(asked, api['saves.knowledge']({ ...asOf, graph }), (value) =>
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
