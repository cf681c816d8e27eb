import type { BatchItem, EvaluationPriority, Token } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_TOKENS_WHILE_STREAMING,
  evaluationPriorityOf,
  foregroundFirst,
} from '../../../engine/llm/local/foreground-first.ts';

const item = (tokens: number, priority: EvaluationPriority): BatchItem => ({
  tokens: Array.from({ length: tokens }, (_, index) => index as Token),
  logits: [],
  evaluationPriority: priority,
});
const amounts = (items: readonly BatchItem[], size: number) =>
  items.map(
    (candidate) => foregroundFirst({ items, size }).find((entry) => entry.item === candidate)?.processAmount ?? 0,
  );

describe('batch priority: the prose the player watches first', () => {
  it('gives the narrator and dialog the top priority, extractors and the boundary the lowest', () => {
    expect(evaluationPriorityOf('narrator')).toBe(5);
    expect(evaluationPriorityOf('character_dialog')).toBe(5);
    expect(evaluationPriorityOf('npc_intent')).toBeGreaterThan(evaluationPriorityOf('lore_extractor'));
    expect(evaluationPriorityOf('chronicler')).toBe(evaluationPriorityOf('character_extractor'));
  });

  it('keeps a streaming narration batch small: its token, and only a slice of a background prompt', () => {
    const narration = item(1, 5);
    const extractor = item(500, 2);
    expect(amounts([extractor, narration], 512)).toEqual([BACKGROUND_TOKENS_WHILE_STREAMING, 1]);
  });

  it('lets the background fill what a foreground prompt leaves of the batch', () => {
    expect(amounts([item(400, 5), item(500, 2)], 512)).toEqual([400, 112]);
  });

  it('shares fairly when everything waiting is background work', () => {
    expect(amounts([item(500, 2), item(500, 2)], 512)).toEqual([256, 256]);
    expect(amounts([item(10, 2), item(500, 2)], 512)).toEqual([10, 500]);
  });

  it('never hands out more than the batch holds', () => {
    const items = [item(300, 5), item(300, 4), item(300, 2), item(1, 5)];
    const total = foregroundFirst({ items, size: 512 }).reduce((sum, entry) => sum + entry.processAmount, 0);
    expect(total).toBe(512);
  });
});
