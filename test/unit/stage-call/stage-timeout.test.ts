import { describe, expect, it } from 'vitest';
import { stageTimeoutFor } from '../../../engine/stage-call/logged-call.ts';

describe('the stage timeout', () => {
  it('keeps the engine limit for a remote or scripted provider, which can go silent', () => {
    expect(stageTimeoutFor({ kind: 'openai' }, 180_000)).toBe(180_000);
    expect(stageTimeoutFor({ kind: 'scripted' }, 50)).toBe(50);
  });

  it('gives a local model on a slow CPU the time a long prompt takes (a turn is slow there, not failed)', () => {
    // 7,000 prompt tokens at 30 tokens/s (a 3B model on a small laptop) take almost four minutes.
    expect(stageTimeoutFor({ kind: 'local' }, 180_000)).toBeGreaterThan((7000 / 30) * 1000 * 5);
  });
});
