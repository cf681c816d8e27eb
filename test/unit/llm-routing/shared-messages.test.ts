import { describe, expect, it } from 'vitest';
import { sharedMessages, type LlmMessage } from '../../../engine/llm/index.ts';

// The part of a prompt another shares with it, as messages: what a warm-up sends when only a prompt's beginning is
// known (engine/turn/character-warm-up.ts).
const system: LlmMessage = { role: 'system', content: 'You voice the characters.' };

describe('sharedMessages', () => {
  it('keeps the messages two prompts have alike and cuts the first that differs where its content does', () => {
    const a = [system, { role: 'user', content: 'The story so far:\nRain.\nWhat you know:' }] satisfies LlmMessage[];
    const b = [
      system,
      { role: 'user', content: 'The story so far:\nRain.\nA knock.\nWhat you know:' },
    ] satisfies LlmMessage[];
    expect(sharedMessages(a, b)).toEqual([system, { role: 'user', content: 'The story so far:\nRain.\n' }]);
  });

  it('stops at a message whose role differs, and gives a prompt the other holds whole', () => {
    const user: LlmMessage = { role: 'user', content: 'Hello' };
    expect(sharedMessages([system, user], [system, { role: 'assistant', content: 'Hello' }])).toEqual([system]);
    expect(sharedMessages([system, user], [system, user, { role: 'user', content: 'More' }])).toEqual([system, user]);
    expect(sharedMessages([user], [system])).toEqual([]);
  });
});
