import type { SaveSummary, StreamMessage } from '../../../engine/api/index.ts';

export function summary(id: string, extra: Partial<SaveSummary> = {}): SaveSummary {
  return {
    id,
    path: `/saves/${id}`,
    title: 'The Bindery on Wren Lane',
    packId: 'tutorial',
    packVersion: '1.0.0',
    packContentHash: 'hash',
    personaId: 'robin-ashby',
    appVersion: '0.1.0',
    createdAt: 1,
    updatedAt: 1,
    turnCount: 0,
    messageCount: 0,
    ...extra,
  };
}

export function message(id: number, extra: Partial<StreamMessage> = {}): StreamMessage {
  return {
    id,
    turn: 1,
    seq: id,
    owner: 'narrator',
    type: 'narration',
    content: `message ${id}`,
    mood: null,
    createdAt: 1,
    ...extra,
  };
}
