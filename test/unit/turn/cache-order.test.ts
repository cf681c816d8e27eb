import { describe, expect, it } from 'vitest';
import { inCacheOrder } from '../../../engine/turn/cache-order.ts';

// Issue 14: a turn's after-turn calls start in the order that lets each find the most of its prompt in the local
// model's KV cache, the prompt before it being what its sequence holds.
const story = 'The story so far: the tide turns on the quay, and the lanterns are lit one by one.\n';
const prompt = (system: string, user: string) => [
  { role: 'system' as const, content: system },
  { role: 'user' as const, content: user },
];

describe('the after-turn calls’ start order', () => {
  it('opens with the persona’s extractor, then takes each time the call sharing the most with the one before', () => {
    const extract = 'You keep track of the characters’ states.';
    const steps = [
      { name: 'lore', stage: 'lore_extractor', prompt: prompt('You keep the lorebook.', 'A new passage.') },
      { name: 'mara', stage: 'character_extractor', prompt: prompt(extract, `${story}The character: Mara`) },
      { name: 'persona', stage: 'persona_extractor', prompt: prompt('You keep track of Ren.', story) },
      { name: 'kit', stage: 'character_extractor', prompt: prompt(extract, `${story}The character: Kit`) },
      { name: 'lore2', stage: 'lore_extractor', prompt: prompt('You keep the lorebook.', 'Another passage.') },
    ];
    // Mara and Kit share the instructions and the story; the two lore calls their instructions; persona none.
    expect(inCacheOrder(steps, (step) => step).map((step) => step.name)).toEqual([
      'persona',
      'mara',
      'kit',
      'lore',
      'lore2',
    ]);
  });

  it('keeps the stage rank, then the given order, when nothing is shared', () => {
    const steps = [
      { name: 'b', stage: 'creation', prompt: prompt('x', '1') },
      { name: 'a', stage: 'deep_interpretation', prompt: prompt('y', '2') },
      { name: 'c', stage: 'creation', prompt: prompt('z', '3') },
    ];
    expect(inCacheOrder(steps, (step) => step).map((step) => step.name)).toEqual(['a', 'b', 'c']);
  });
});
