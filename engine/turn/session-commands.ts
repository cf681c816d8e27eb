import type { PlayResult } from '../api/index.ts';
import { findCharacter, type StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import type { RunFailure } from './background-runs.ts';
import type { ClosingScene } from './boundary-snapshot.ts';
import { latestChoices } from './choices.ts';
import { createdNames } from './creation/created.ts';
import { OOC_COMMANDS, type OocCommand, type ParsedInput } from './commands.ts';
import type { PlayState } from './play-state.ts';
import { charactersPresent } from './prompt-view.ts';
import type { TurnInput } from './run-turn.ts';
import type { SessionStart } from './session-cache.ts';
import { parseStoredInput } from './stored-input.ts';
import { toStreamMessage } from './stream-entries.ts';
import { addMinutes } from './world-time.ts';

/** What an out-of-character command may do with the session it runs in (see PlaySession). */
export interface CommandHost {
  /** The save played now: a fork replaces it. */
  readonly store: () => SaveStore;
  /** The pack as the save plays it (with what the story created). */
  readonly pack: () => StoryPack;
  readonly historyWindow: number;
  readonly current: () => SessionStart;
  readonly play: (input: TurnInput, signal: AbortSignal) => Promise<PlayResult>;
  /** Commits a turn of scene markers that closes the scene, with its boundary run (see PlaySession.commitMarkers). */
  readonly commitMarkers: (
    input: string,
    markerState: PlayState,
    nextState: PlayState,
    reason: ClosingScene['reason'],
  ) => PlayResult;
  /** Forks the save at a turn and plays on in the fork. */
  readonly forkAt: (turn: number, reason: 'undo' | 'retry') => Promise<void>;
  /** Finishes every run the save holds; the failure of one that still fails after its retries, or null. */
  readonly settleRuns: () => Promise<RunFailure | null>;
  readonly runFailed: (failure: RunFailure, parsed: ParsedInput) => PlayResult;
  readonly notice: (message: string, problem?: boolean) => PlayResult;
}

/** Runs one out-of-character command: it never enters the stream, but may play a turn, commit markers, or fork. */
export async function runCommand(host: CommandHost, command: OocCommand, signal: AbortSignal): Promise<PlayResult> {
  switch (command.kind) {
    case 'help':
      return host.notice(OOC_COMMANDS.map((entry) => `${entry.usage} — ${entry.summary}`).join('\n'), false);
    case 'auto':
      return host.play({ intention: '', thought: null, auto: true }, signal);
    case 'undo':
      return undo(host);
    case 'retry':
      return retry(host, signal);
    case 'end_scene': {
      const state = host.current().state;
      // Markers are written in the closing scene; the next turn opens the next one.
      const closing: PlayState = { ...state, pendingMarkers: [...state.pendingMarkers, { marker: 'scene_close' }] };
      const next: PlayState = { ...state, scene: state.scene + 1, pendingMarkers: [{ marker: 'scene_open' }] };
      return host.commitMarkers('/end scene', closing, next, 'scene_close');
    }
    case 'skip': {
      const state = host.current().state;
      const skipped: PlayState = {
        ...state,
        time: addMinutes(state.time, command.minutes),
        pendingMarkers: [...state.pendingMarkers, { marker: 'time_skip', duration: command.duration }],
      };
      return host.commitMarkers(
        `/skip ${command.duration}`,
        skipped,
        { ...skipped, pendingMarkers: [], sceneOpening: true },
        'time_skip',
      );
    }
    case 'whisper': {
      const target = presentCharacter(host, command.target);
      if (target === null) return host.notice(`Nobody called "${command.target}" is here to whisper to.`);
      return host.play({ intention: command.intention, thought: null, whisperTo: target }, signal);
    }
  }
}

/** A /retry of a committed turn forks before it: that turn's unfinished runs are thrown away with it. */
export function discardsLastTurn(store: SaveStore, parsed: ParsedInput): boolean {
  if (parsed.kind !== 'command' || parsed.command.kind !== 'retry') return false;
  return store.turns().at(-1)?.status === 'committed';
}

/** Back one turn: the save forks at the previous turn and play continues in the fork. History is never edited. */
async function undo(host: CommandHost): Promise<PlayResult> {
  const last = host.current().turns;
  if (last === 0) return host.notice('There is no turn to undo yet.');
  await host.forkAt(last - 1, 'undo');
  return forked(host, 'undo');
}

/** Plays the last turn again: a failed one as it is; a committed one in a fork taken just before it. */
async function retry(host: CommandHost, signal: AbortSignal): Promise<PlayResult> {
  const turns = host.store().turns();
  const last = turns.at(-1);
  if (last === undefined) return host.notice('There is no turn to retry yet.');
  const input = parseStoredInput(last.input);
  if (input === null) return host.notice('The last turn was a command; there is nothing to retry.');
  if (last.status === 'committed') {
    await host.forkAt(last.number - 1, 'retry');
    // Whatever the fork kept of its runs is resumed and finished before the turn is played again.
    const failure = await host.settleRuns();
    if (failure !== null) return host.runFailed(failure, { kind: 'command', command: { kind: 'retry' } });
  }
  return host.play(input, signal);
}

function forked(host: CommandHost, reason: 'undo' | 'retry'): PlayResult {
  const store = host.store();
  const messages = store.lastMessages(host.historyWindow).map(toStreamMessage);
  return {
    kind: 'forked',
    saveId: store.id,
    reason,
    messages,
    choices: latestChoices(store),
    createdNames: createdNames(store),
  };
}

function presentCharacter(host: CommandHost, reference: string): string | null {
  return findCharacter(charactersPresent(host.pack(), host.current().state), reference)?.id ?? null;
}
