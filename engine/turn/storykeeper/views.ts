import { EngineError, type ContextView, type LandscapeView } from '../../api/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { SaveStore } from '../../store/index.ts';
import { landscapeReport, type LandscapeReport } from '../../storykeeper/index.ts';
import { eventsReportAt } from '../classify/report-at.ts';
import { weighedLandscape } from '../classify/runtime.ts';
import { truthAt } from '../classify/truth-view.ts';
import { PLAY_STATE_CHECKPOINT, playStateFromCheckpoint } from '../play-state.ts';
import { landscapeNow } from '../../storykeeper/index.ts';

const HISTORY_TURNS = 10;

function turnOf(store: SaveStore, turn: number | undefined): number {
  const latest = store.summary().turnCount;
  const at = turn ?? latest;
  if (at > latest) throw new EngineError('invalid_params', `This save has no turn ${at} yet (it has ${latest}).`);
  return at;
}

/** The landscape of a save as of a turn, from the save alone: the truth set then, where the persona stood. */
export function landscapeAt(store: SaveStore, pack: StoryPack, turn?: number): LandscapeReport {
  const at = turnOf(store, turn);
  const played = store.latestCheckpoint(PLAY_STATE_CHECKPOINT, at);
  // Before the first turn the persona stands where the story starts.
  const location =
    played === null ? pack.manifest.start.location : playStateFromCheckpoint(played.data, store.path).location;
  const persona = store.meta().personaId;
  return landscapeReport(
    landscapeNow(pack, { truth: truthAt(store, at, pack.manifest.tuning.minConfidence), turn: at, location, persona }),
  );
}

/**
 * The landscape the Storykeeper used on turn `turn` (weighed at scene entry or when a gate last opened), rebuilt from
 * what the save holds; null when the save noted no weighing (before the first turn, or an older save).
 */
export function weighedLandscapeAt(store: SaveStore, pack: StoryPack, turn?: number): LandscapeReport | null {
  const played = store.latestCheckpoint(PLAY_STATE_CHECKPOINT, turnOf(store, turn));
  const weighing = played === null ? null : playStateFromCheckpoint(played.data, store.path).events?.landscape;
  if (weighing == null) return null;
  return landscapeReport(weighedLandscape(pack, store.meta().personaId, store, weighing));
}

export function landscapeView(store: SaveStore, pack: StoryPack, turn?: number): LandscapeView {
  const report = landscapeAt(store, pack, turn);
  const first = Math.max(0, report.turn - HISTORY_TURNS + 1);
  const history = Array.from({ length: report.turn - first + 1 }, (_, index) => first + index).map((at) => {
    const strongest = at === report.turn ? report.strongestAttractor : landscapeAt(store, pack, at).strongestAttractor;
    return { turn: at, attractor: strongest?.id ?? null, pull: strongest?.pull ?? 0 };
  });
  return {
    turn: report.turn,
    location: report.location,
    currentScene: report.currentScene,
    scenes: report.scenes.map(({ id, title, type, setting, state, mass, distance, pull, gates }) => ({
      id,
      title,
      type,
      setting,
      state,
      mass: {
        base: mass.base,
        structural: mass.structural,
        approach: mass.approach,
        approachSatisfaction: mass.approachSatisfaction,
        total: mass.total,
      },
      distance: {
        information: distance.information,
        emotional: distance.emotional,
        relational: distance.relational,
        physical: distance.physical,
        total: distance.total,
      },
      pull,
      gates,
    })),
    strongestAttractor: report.strongestAttractor,
    gates: report.gates.map(({ id, open, fired, knownBy }) => ({ id, open, fired, knownBy })),
    subGraphs: report.subGraphs.map(({ id, collectiveMass, permeability, contribution, engaged }) => ({
      id,
      collectiveMass,
      permeability,
      contribution,
      engaged,
    })),
    prophecies: report.prophecies.map(({ id, type, targetScene, magnitude }) => ({ id, type, targetScene, magnitude })),
    history,
  };
}

/** The retrieved tier of a turn as it was chosen (saved with the turn's classification report). */
export function contextView(store: SaveStore, turn?: number): ContextView {
  const at = turnOf(store, turn);
  const none: ContextView = { turn: at, classified: false, budget: 0, tokens: 0, overBudget: 0, candidates: [] };
  const report = eventsReportAt(store, at);
  if (report === null) return none;
  return { turn: at, classified: true, ...report.context };
}
