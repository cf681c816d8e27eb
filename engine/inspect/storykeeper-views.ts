import type { ContextView, LandscapeView } from '../api/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { eventsReportAt, landscapeAt } from '../turn/index.ts';
import { turnAsOf } from './turn-as-of.ts';

const HISTORY_TURNS = 10;

/** The landscape of a turn as the Storykeeper weighs it, with the strongest pull of each of the turns before. */
export function landscapeView(store: SaveStore, pack: StoryPack, turn?: number): LandscapeView {
  const report = landscapeAt(store, pack, turn);
  const first = Math.max(0, report.turn - HISTORY_TURNS + 1);
  const history = Array.from({ length: report.turn - first + 1 }, (_, index) => first + index).map((at) => {
    const strongest = at === report.turn ? report.strongestAttractor : landscapeAt(store, pack, at).strongestAttractor;
    return { turn: at, attractor: strongest?.id ?? null, pull: strongest?.pull ?? 0 };
  });
  return { ...report, history };
}

/** The retrieved tier of a turn as it was chosen (saved with the turn's classification report). */
export function contextView(store: SaveStore, turn?: number): ContextView {
  const at = turnAsOf(store, turn);
  const none: ContextView = { turn: at, classified: false, budget: 0, tokens: 0, overBudget: 0, candidates: [] };
  const report = eventsReportAt(store, at);
  if (report === null) return none;
  return { turn: at, classified: true, ...report.context };
}
