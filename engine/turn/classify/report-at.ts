import type { SaveStore } from '../../store/index.ts';
import { EVENTS_REPORT_CHECKPOINT } from './runtime.ts';
import type { EventsReport } from './turn-events.ts';

/** The classification report saved with committed turn `turn`, or null when that turn classified nothing. */
export function eventsReportAt(store: SaveStore, turn: number): EventsReport | null {
  const checkpoint = store.latestCheckpoint(EVENTS_REPORT_CHECKPOINT, turn);
  if (checkpoint === null) return null;
  const written = store.turns().find((candidate) => candidate.id === checkpoint.turnId);
  // A command turn (/end scene, /skip) classifies nothing: an older report is not this turn's.
  if (written?.number !== turn) return null;
  return isEventsReport(checkpoint.data) ? checkpoint.data : null;
}

/** Written by the turn as an EventsReport; a checkpoint of another shape (an older build's) reads as none. */
function isEventsReport(data: unknown): data is EventsReport {
  return (
    typeof data === 'object' &&
    data !== null &&
    'turn' in data &&
    'firings' in data &&
    'context' in data &&
    'reconciliations' in data
  );
}
