import { afterEach, describe, expect, it } from 'vitest';
import {
  sharedPrefixLength,
  type LlmMessage,
  type LlmObjectRequest,
  type LlmProvider,
  type LlmWarmRequest,
} from '../../../engine/llm/index.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { promptAsText as text, until } from '../../support/warm-up-helpers.ts';

// Issue 14: the Lore Extractor runs after every round, and a scene's close waits for the closing turn's. Its
// lorebook begins with what the place brings to mind, which is known while the player reads: that head is warmed then,
// so each of the turn's calls evaluates only the lore its passage names, the passage and its task.

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

/** Test double at the LLM boundary: the instant provider, recording its warm-ups and the Lore Extractor's calls. */
function recordingProvider() {
  const instant = createInstantProvider();
  const warms: LlmWarmRequest[] = [];
  const extracted: (readonly LlmMessage[])[] = [];
  const provider: LlmProvider = {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      if (request.stage === 'lore_extractor') extracted.push(request.messages);
      return instant.generateObject(request);
    },
    async warm(request) {
      warms.push(request);
      return { promptTokens: 1, evaluatedTokens: 1, totalMs: 0, aborted: false };
    },
  };
  return { provider, warms, extracted };
}

describe('the Lore Extractor’s head, warmed while the player reads', () => {
  it('is where each of the next turn’s Lore Extractor calls begins, up to its passage', async () => {
    const fake = recordingProvider();
    setup = await startPlay(async () => fake.provider);
    const { api } = setup;
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const first = unwrap(await api['play.submit']({ saveId: save.id, text: 'I shake the rain from my coat.' }));
    await until(() => fake.warms.some((warm) => warm.stage === 'lore_extractor'));
    const stages = fake.warms.map((warm) => warm.stage);
    // With the state extractors' heads, after Stage 4's: it runs after the prose too.
    expect(stages.indexOf('lore_extractor')).toBeGreaterThan(stages.indexOf('deep_interpretation'));
    const head = fake.warms.find((warm) => warm.stage === 'lore_extractor');
    // It runs after every round: it is routed as a call is, not only onto a spare sequence.
    expect(head?.speculative).toBe(false);
    const warmed = text(head?.messages ?? []);
    expect(warmed).toContain('What the lorebook already holds');
    const before = fake.extracted.length;
    const second = unwrap(await api['play.submit']({ saveId: first.saveId, text: 'I ask the landlady for a room.' }));
    expect(unwrap(await api['play.settle']({ saveId: second.saveId })).failure).toBeNull();
    const calls = fake.extracted.slice(before).map(text);
    expect(calls.length).toBeGreaterThan(0);
    for (const asked of calls) {
      // The whole head, through the lorebook to the passage's heading: only the passage and the task follow.
      expect(sharedPrefixLength(warmed, asked)).toBe(warmed.length);
      expect(warmed.length).toBeGreaterThan(asked.indexOf('The new passage:'));
    }
  });
});
