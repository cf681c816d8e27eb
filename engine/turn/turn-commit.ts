import { NPC_STATE_CHECKPOINT, type NpcState } from '../boundary/index.ts';
import type { SceneOpeningBrief } from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { NewBoundaryRun, NewCheckpoint, NewLedgerEntry } from '../store/index.ts';
import { afterTurnRun } from './after-turn-apply.ts';
import type { ClosingScene } from './boundary-snapshot.ts';
import { EVENTS_REPORT_CHECKPOINT, TRUTH_CHECKPOINT, type EventTurnOutput } from './classify/index.ts';
import { IMPORTANCE_FLAGS_CHECKPOINT, withImportanceFlags } from './importance-flags.ts';
import { CHOICES_CHECKPOINT } from './choices.ts';
import type { PlayState } from './play-state.ts';
import type { TurnOutcome } from './run-turn.ts';
import { sceneOpeningCheckpoints } from './scene-opening.ts';

/** Everything a played turn commits besides its messages and stage log, in the save's terms. */
export interface TurnCommitPlan {
  /** The play state the next turn starts from (with the event system's). */
  readonly next: PlayState;
  readonly ledger: readonly NewLedgerEntry[];
  readonly checkpoints: readonly NewCheckpoint[];
  /**
   * The scene this turn closes by leaving for another place, when its boundary run starts in the same transaction
   * (a turn that left after-turn work starts it as that work finishes instead: the boundary reads the extractors' states).
   */
  readonly closes: Omit<ClosingScene, 'personaId'> | null;
  /** The extractors the turn left for after its prose, as the after-turn run it commits with. */
  readonly afterTurn: NewBoundaryRun | null;
}

export interface PlayedTurn {
  readonly turn: number;
  /** The play state the turn started from. */
  readonly before: PlayState;
  readonly outcome: TurnOutcome;
  /** The npc state the turn read (the last boundary's, or the last turn's lore). */
  readonly npc: NpcState;
  readonly opening: SceneOpeningBrief | null;
}

export function planTurnCommit(pack: StoryPack, played: PlayedTurn): TurnCommitPlan {
  const { turn, before, outcome, npc, opening } = played;
  const next = { ...outcome.state, events: outcome.events.state };
  const ledger = outcome.events.ledger.map((entry) => ({ seq: entry.seq, record: entry.record }));
  // A scene opening's importance_flags change the roster with the turn; what the cap refused is reported with it. (What
  // the Lore Extractor learns reaches the World KG when the after-turn work is applied.)
  const flagged = withImportanceFlags(npc, outcome.importanceFlags, before.time);
  const checkpoints = [
    ...eventCheckpoints(outcome.events),
    ...sceneOpeningCheckpoints(opening),
    ...(flagged.npc === npc ? [] : [{ kind: NPC_STATE_CHECKPOINT, data: flagged.npc }]),
    ...(flagged.report === null ? [] : [{ kind: IMPORTANCE_FLAGS_CHECKPOINT, data: flagged.report }]),
    ...(outcome.choices.length === 0 ? [] : [{ kind: CHOICES_CHECKPOINT, data: { choices: outcome.choices } }]),
  ];
  // Leaving for another place closes the scene: its boundary starts with this turn, or after its after-turn work.
  const leaves = outcome.state.pendingMarkers.some((marker) => marker.marker === 'location_change');
  const steps = outcome.afterTurn;
  const afterTurn =
    steps.length === 0
      ? null
      : afterTurnRun({
          version: 1,
          turn,
          startedAt: before.time,
          steps: [...steps],
          closes: leaves ? { reason: 'location_change', location: before.location, time: before.time } : null,
        });
  const closing = { ...outcome.state, location: before.location, time: before.time };
  const closes =
    leaves && afterTurn === null
      ? {
          reason: 'location_change' as const,
          turn,
          closing,
          next,
          messages: outcome.messages,
          ledger,
          npc: flagged.npc,
        }
      : null;
  return { next, ledger, checkpoints, closes, afterTurn };
}

function eventCheckpoints(events: EventTurnOutput): NewCheckpoint[] {
  const truth = events.truthCheckpoint === null ? [] : [{ kind: TRUTH_CHECKPOINT, data: events.truthCheckpoint }];
  return [...truth, { kind: EVENTS_REPORT_CHECKPOINT, data: events.report }];
}
