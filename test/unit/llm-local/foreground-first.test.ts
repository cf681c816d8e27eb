import type { BatchItem, EvaluationPriority, Token } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import { evaluationPriorityOf, foregroundFirst } from '../../../engine/llm/local/foreground-first.ts';

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

  it('gives a streaming narration the batch alone: background prompts wait until it is written', () => {
    const narration = item(1, 5);
    const extractor = item(500, 2);
    expect(amounts([extractor, narration], 512)).toEqual([0, 1]);
  });

  it('serves the turn’s own path before background work, and background work when nothing else waits', () => {
    expect(amounts([item(400, 4), item(500, 2)], 512)).toEqual([400, 0]);
    expect(amounts([item(300, 5), item(300, 4)], 512)).toEqual([300, 0]);
  });

  it('shares fairly among calls of the same priority', () => {
    expect(amounts([item(500, 2), item(500, 2)], 512)).toEqual([256, 256]);
    expect(amounts([item(10, 2), item(500, 2)], 512)).toEqual([10, 500]);
    expect(amounts([item(1, 5), item(300, 5)], 512)).toEqual([1, 300]);
  });

  it('never hands out more than the batch holds', () => {
    const items = [item(300, 5), item(300, 5), item(300, 2), item(1, 5)];
    const total = foregroundFirst({ items, size: 512 }).reduce((sum, entry) => sum + entry.processAmount, 0);
    expect(total).toBe(512);
  });
});
