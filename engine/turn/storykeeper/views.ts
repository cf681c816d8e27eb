import { EngineError } from '../../api/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { SaveStore } from '../../store/index.ts';
import { landscapeReport, type LandscapeReport } from '../../storykeeper/index.ts';
import { weighedLandscape } from '../classify/runtime.ts';
import { truthAt } from '../classify/truth-view.ts';
import { PLAY_STATE_CHECKPOINT, playStateFromCheckpoint } from '../play-state.ts';
import { landscapeNow } from '../../storykeeper/index.ts';

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
