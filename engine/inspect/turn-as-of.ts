import { EngineError } from '../api/index.ts';
import type { SaveStore } from '../store/index.ts';

/** The committed turn a view shows: the one asked for, else the latest; a turn the save does not have yet is refused. */
export function turnAsOf(store: Pick<SaveStore, 'summary'>, turn: number | undefined): number {
  const latest = store.summary().turnCount;
  const at = turn ?? latest;
  if (at > latest) throw new EngineError('invalid_params', `This save has no turn ${at} yet (it has ${latest}).`);
  return at;
}
