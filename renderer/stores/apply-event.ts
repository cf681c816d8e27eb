import type { EngineEvent } from '../engine.ts';
import { mergeMessages } from './merge-messages.ts';
import type { PlayData } from './play-types.ts';

/** How one engine event changes the open save's projection (pure: the store calls it with its state). */
export function applyEvent(state: PlayData, event: EngineEvent): Partial<PlayData> | null {
  if (event.type === 'save.forked') {
    // /undo and /retry continue in a new save: follow it; its turns' events carry its id from now on.
    if (event.from !== state.saveId) return null;
    const summary = state.summary === null ? null : { ...state.summary, id: event.to };
    return { saveId: event.to, summary, pending: [], running: null, failure: null, boundary: null };
  }
  if (!('saveId' in event) || event.saveId !== state.saveId) return null;
  switch (event.type) {
    case 'turn.started':
      // Turn N starts afresh: nothing of a turn N or later is in this save (a retry's fork dropped it).
      return {
        busy: true,
        pending: [],
        failure: null,
        notice: null,
        messages: state.messages.some((message) => message.turn >= event.turn)
          ? state.messages.filter((message) => message.turn < event.turn)
          : state.messages,
      };
    case 'stage.started':
      return { running: { stage: event.stage, principal: event.principal } };
    case 'message.pending': {
      const { pendingId, turn, owner, messageType: type, mood } = event;
      return { pending: [...state.pending, { pendingId, turn, owner, type, mood, text: '' }] };
    }
    case 'message.delta':
      return {
        pending: state.pending.map((message) =>
          message.pendingId === event.pendingId ? { ...message, text: message.text + event.delta } : message,
        ),
      };
    case 'message.withdrawn':
      return { pending: state.pending.filter((message) => message.pendingId !== event.pendingId) };
    case 'message.committed':
      return {
        messages: mergeMessages(state.messages, [event.message]),
        pending: state.pending.filter((message) => message.pendingId !== event.pendingId),
      };
    case 'turn.finished':
      return { pending: [], running: null, busy: false };
    case 'turn.failed':
      return {
        pending: [],
        running: null,
        busy: false,
        failure: { turn: event.turn, stage: event.stage, reason: event.reason },
      };
    case 'boundary.progress':
    case 'after_turn.progress': {
      const { turn, step, status, done, total } = event;
      // A failed run is reported by the next turn, which waits for it; a finished one has nothing left to show.
      if (status === 'failed' || done >= total) return { boundary: null };
      const work = event.type === 'after_turn.progress' ? 'after_turn' : workOf(event.part);
      return { boundary: { work, turn, step, status, done, total } };
    }
    case 'stage.finished':
      // The next stage's start replaces the running one; the turn's end clears it.
      return null;
    default:
      return unhandled(event);
  }
}

/** The indicator's kind of work for a part of a scene boundary (a run of every step reads as the scene's). */
function workOf(part: Extract<EngineEvent, { type: 'boundary.progress' }>['part']): 'scene_boundary' | 'reflections' {
  return part === 'reflections' ? 'reflections' : 'scene_boundary';
}

/** A compile error, not a silent null, when the engine gains an event about a save that this switch does not handle. */
function unhandled(event: never): null {
  void event;
  return null;
}
