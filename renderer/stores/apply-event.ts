import type { EngineEvent } from '../engine.ts';
import { mergeMessages } from './merge-messages.ts';
import type { PlayData } from './play-store.ts';

/** How one engine event changes the open save's projection (pure: the store calls it with its state). */
export function applyEvent(state: PlayData, event: EngineEvent): Partial<PlayData> | null {
  if (!('saveId' in event)) return null;
  if (event.saveId !== state.saveId) {
    // Retrying a committed turn forks the save first; the fork's turn is the one this window is waiting for.
    const adopt = state.busy && state.forking && event.type === 'turn.started';
    if (!adopt) return null;
    return { saveId: event.saveId, pending: [], running: null, failure: null };
  }
  switch (event.type) {
    case 'turn.started':
      return { busy: true, pending: [], failure: null, notice: null };
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
    case 'message.committed':
      return { messages: mergeMessages(state.messages, [event.message]) };
    case 'turn.finished':
      return { pending: [], running: null, busy: false };
    case 'turn.failed':
      return {
        pending: [],
        running: null,
        busy: false,
        failure: { turn: event.turn, stage: event.stage, reason: event.reason },
      };
    default:
      return null;
  }
}
