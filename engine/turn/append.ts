import type { NewMessage, StreamEntry } from '../stream/index.ts';
import type { TurnContext } from './turn-context.ts';

/** Identifies a message while its turn is in progress (turn:seq); events also carry the save id. */
export function pendingId(entry: Pick<StreamEntry, 'turn' | 'seq'>): string {
  return `${entry.turn}:${entry.seq}`;
}

/** Appends a message whose text is complete (narration beats, intents, markers) and shows it as pending at once. */
export function appendWhole(context: TurnContext, message: NewMessage): StreamEntry {
  const entry = context.buffer.append(message);
  context.emit({
    type: 'message.pending',
    saveId: context.saveId,
    turn: entry.turn,
    pendingId: pendingId(entry),
    owner: entry.owner,
    messageType: entry.type,
    mood: entry.mood,
  });
  context.emit({ type: 'message.delta', saveId: context.saveId, pendingId: pendingId(entry), delta: entry.content });
  return entry;
}
