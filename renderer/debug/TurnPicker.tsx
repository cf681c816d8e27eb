import type { TurnRecord } from '../engine.ts';

/** Every turn of the save, failed ones marked; choose one to see its stage calls or its truth set. */
export function TurnPicker(props: {
  readonly turns: readonly TurnRecord[];
  readonly selected: number | null;
  readonly onSelect: (turnId: number) => void;
}) {
  if (props.turns.length === 0) return null;
  return (
    <nav className="turn-picker" aria-label="Turns">
      {props.turns.map((turn) => (
        <button
          key={turn.id}
          type="button"
          className={`turn-chip${turn.id === props.selected ? ' selected' : ''}${turn.status === 'failed' ? ' failed' : ''}`}
          aria-pressed={turn.id === props.selected}
          title={turn.status === 'failed' ? `failed in ${turn.failureStage ?? '?'}: ${turn.failureReason ?? ''}` : ''}
          onClick={() => props.onSelect(turn.id)}
        >
          {turn.number}
          {turn.status === 'failed' ? ' ✗' : ''}
        </button>
      ))}
    </nav>
  );
}
