import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../engine/api/index.ts';
import { createTranscriptPrinter } from '../../../engine/cli/play/transcript-printer.ts';

const narration = (pendingId: string): EngineEvent => ({
  type: 'message.pending',
  saveId: 's',
  turn: 2,
  pendingId,
  owner: 'narrator',
  messageType: 'narration',
  mood: null,
});
const delta = (pendingId: string, text: string): EngineEvent => ({
  type: 'message.delta',
  saveId: 's',
  pendingId,
  delta: text,
});

describe('the play transcript printer', () => {
  it('says a withdrawn narration is being rewritten, then prints the rewrite', () => {
    let out = '';
    const print = createTranscriptPrinter({
      write: (text) => (out += text),
      personaId: 'sam',
      sandbox: false,
      names: (owner) => owner,
    });
    for (const event of [
      narration('2:1'),
      delta('2:1', 'The fire spits.'),
      { type: 'message.withdrawn', saveId: 's', pendingId: '2:1' } satisfies EngineEvent,
      narration('2:1'),
      delta('2:1', 'Steam rises.'),
      { type: 'turn.finished', saveId: 's', turn: 2 } satisfies EngineEvent,
    ])
      print(event);
    expect(out).toBe('The fire spits.\n\n(the Narrator rewrites this)\n\nSteam rises.\n\n');
  });
});
