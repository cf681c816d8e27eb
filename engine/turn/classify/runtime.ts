import {
  buildLexicon,
  buildSensitivityMap,
  DEFAULT_CASCADE_LIMITS,
  rebuild,
  TriggerIndex,
  type CascadeLimits,
  type LedgerEntry,
  type LedgerRecord,
  type Lexicon,
  type SensitivityMap,
  type TruthSet,
  type TruthSnapshot,
} from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import {
  interpretiveInterests,
  landscapeNow,
  narrativeFromPack,
  type LandscapeEvaluation,
  type PackGraph,
} from '../../storykeeper/index.ts';
import type { SaveStore, StoredLedgerEntry } from '../../store/index.ts';
import { EVENTS_REPORT_CHECKPOINT, TRUTH_CHECKPOINT } from '../../store/index.ts';
import { startWorld, worldFromPack } from '../../world/index.ts';
import type { PlayState } from '../play-state.ts';
import type { EventState } from './event-state.ts';

// The checkpoint kinds are named with every other kind in engine/store/checkpoint-kinds.ts.
export { EVENTS_REPORT_CHECKPOINT, TRUTH_CHECKPOINT };

/**
 * What the event system keeps between turns of one session. A turn never changes the runtime it is given: it
 * classifies on its own copy of the truth set and triggers (see classifyTurn) and hands back the runtime it ends with,
 * which the session keeps once the turn has committed. A failed turn leaves the session's runtime as it was.
 */
export interface EventRuntime {
  readonly truth: TruthSet;
  readonly triggers: TriggerIndex;
  readonly lexicon: Lexicon;
  readonly sensitivity: SensitivityMap;
  /** The pack's narrative graph, with its gates and the predicates behind its conditions. */
  readonly graph: PackGraph;
  /**
   * The gravitational landscape: weighed at scene entry and when a gate opens (EventState.landscape says when), and
   * weighed again from exactly that point when the runtime is rebuilt from the save.
   */
  readonly landscape: LandscapeEvaluation | null;
  /**
   * Gates whose facts reached the protagonist after the turn's Narrator calls (a Stage 4 answer taken in at the end of
   * the turn): the next Narrator call must hear them as mandatory. Kept in the event state (EventState.unnarrated) so a
   * reconciliation in the after-turn step, a new session or a fork carries them to that call.
   */
  readonly unnarrated: ReadonlySet<string>;
}

export function lexiconOf(pack: StoryPack, personaId: string): Lexicon {
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  return buildLexicon({
    persona: { id: personaId, name: persona?.name ?? personaId },
    characters: pack.characters,
    objects: pack.world?.objects ?? [],
    locations: pack.locations,
    verbs: pack.lexicon.verbs,
    constraints: pack.lexicon.constraints,
  });
}

/** The event state of a save that has none yet (a new save, or one from before the event system). */
export function initialEventState(pack: StoryPack, state: PlayState, personaId: string): EventState {
  const agents = [
    ...pack.characters.flatMap((character) => {
      const location = state.positions[character.id];
      return location === undefined ? [] : [{ id: character.id, name: character.name, location }];
    }),
    { id: personaId, name: pack.personas.find((p) => p.id === personaId)?.name ?? personaId, location: state.location },
  ];
  return {
    world: pack.world === undefined ? null : worldFromPack(pack.locations, pack.world, agents),
    sceneId: '',
    present: [],
    fired: [],
    removed: [],
    deferred: [],
    directives: [],
    nextSeq: 1,
  };
}

/** Scene-entry rebuild (ARCHITECTURE §4): the latest truth checkpoint plus every later ledger row. */
export function loadEventRuntime(
  pack: StoryPack,
  personaId: string,
  store: SaveStore,
  events: EventState,
): EventRuntime {
  const checkpoint = store.latestCheckpoint(TRUTH_CHECKPOINT);
  const snapshot = checkpoint === null ? null : toSnapshot(checkpoint.data);
  const truth = rebuild(
    snapshot,
    store.ledger({ afterSeq: snapshot?.lastSeq ?? 0 }).map(toLedgerEntry),
    pack.manifest.tuning.minConfidence,
  );
  const removed = new Set(events.removed);
  const triggers = new TriggerIndex(pack.triggers.filter((subscription) => !removed.has(subscription.id)));
  triggers.restoreFiredTurns(events.fired);
  return {
    truth,
    triggers,
    lexicon: lexiconOf(pack, personaId),
    sensitivity: sensitivityMapOf(pack, triggers, truth, events.present),
    graph: narrativeFromPack(pack.narrative),
    landscape: events.landscape == null ? null : weighedLandscape(pack, personaId, store, events.landscape),
    unnarrated: new Set(events.unnarrated ?? []),
  };
}

/**
 * The scene's sensitivity map: the active triggers' keyword entries, and every interpretive proposition the story is
 * waiting on now (triggers, scenes, closed gates, sub-graphs), so Stage 4 judges the open world, not a fixed list.
 */
export function sensitivityMapOf(
  pack: StoryPack,
  triggers: TriggerIndex,
  truth: TruthSet,
  present: readonly string[],
): SensitivityMap {
  const active = [...triggers.active()];
  return buildSensitivityMap(
    active,
    present,
    interpretiveInterests({ narrative: pack.narrative, triggers: active }, truth),
  );
}

/** The story's trigger cascade limits (`tuning.cascade`), the engine's defaults where it sets none. */
export function cascadeLimitsOf(pack: StoryPack): CascadeLimits {
  const tuned = pack.manifest.tuning.cascade;
  return {
    ...DEFAULT_CASCADE_LIMITS,
    ...(tuned?.maxDepth === undefined ? {} : { maxDepth: tuned.maxDepth }),
    ...(tuned?.maxEvents === undefined ? {} : { maxEvents: tuned.maxEvents }),
  };
}

export type LandscapeWeighing = NonNullable<EventState['landscape']>;

/**
 * The landscape as the Storykeeper weighed it then: the truth set up to that ledger seq, the turn and the place. The
 * same weighing whether the session kept it in memory, was reopened, or forked (issue 24).
 */
export function weighedLandscape(
  pack: StoryPack,
  personaId: string,
  store: SaveStore,
  weighing: LandscapeWeighing,
): LandscapeEvaluation {
  const checkpoint = store.latestCheckpoint(TRUTH_CHECKPOINT, weighing.turn);
  const stored = checkpoint === null ? null : toSnapshot(checkpoint.data);
  // A snapshot taken after the weighing (never written so today) cannot be wound back: replay the ledger instead.
  const snapshot = stored !== null && stored.lastSeq <= weighing.lastSeq ? stored : null;
  const ledger = store
    .ledger({ afterSeq: snapshot?.lastSeq ?? 0, uptoTurn: weighing.turn })
    .filter((entry) => entry.seq <= weighing.lastSeq)
    .map(toLedgerEntry);
  const truth = rebuild(snapshot, ledger, pack.manifest.tuning.minConfidence);
  return landscapeNow(pack, { truth, turn: weighing.turn, location: weighing.location, persona: personaId });
}

export function toLedgerEntry(stored: StoredLedgerEntry): LedgerEntry {
  const record = stored.record;
  if (!isLedgerRecord(record)) throw new Error(`ledger entry ${stored.seq} is not an event or a judgment`);
  return { seq: stored.seq, turn: stored.turn, record };
}

function isLedgerRecord(value: unknown): value is LedgerRecord {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return (value.kind === 'event' && 'event' in value) || (value.kind === 'judgment' && 'judgment' in value);
}

export function toSnapshot(data: unknown): TruthSnapshot {
  if (typeof data !== 'object' || data === null || !('lastSeq' in data) || !('factual' in data))
    throw new Error('the saved truth set is unreadable');
  // Written by TruthSet.snapshot() and checked for its shape above; the fields are plain arrays of pairs.
  return data as TruthSnapshot;
}

export { startWorld };
