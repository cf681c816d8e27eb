import { afterEach, describe, expect, it } from 'vitest';
import type { LlmAheadRequest, LlmObjectRequest, LlmProvider, LlmWarmRequest } from '../../../engine/llm/index.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { lanternQuayVariant, type LanternVariant } from '../../support/lantern-variant.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { until } from '../../support/warm-up-helpers.ts';

// Issue 14: a scene's close waits for its off-screen stages. Their prompts are known while the player reads, so a
// provider that can answers them ahead, and the close takes those answers instead of generating its own.

let setup: PlaySetup | null = null;
let variant: LanternVariant | null = null;
afterEach(async () => {
  await setup?.cleanup();
  await variant?.cleanup();
  setup = null;
  variant = null;
});

const OFFSCREEN_STAGES: readonly string[] = ['intent_check', 'standalone_simulation'];

/** Test double at the LLM boundary: the instant provider, recording what it is asked ahead and the calls of `stages`. */
function answeringProvider(stages: readonly string[] = OFFSCREEN_STAGES) {
  const instant = createInstantProvider();
  const ahead: LlmAheadRequest[] = [];
  const warmed: LlmWarmRequest[] = [];
  const calls: LlmObjectRequest<unknown>[] = [];
  const provider: LlmProvider = {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      if (stages.includes(request.stage)) calls.push(request);
      return instant.generateObject(request);
    },
    async warm(request) {
      warmed.push(request);
      return { promptTokens: 1, evaluatedTokens: 1, totalMs: 0, aborted: false };
    },
    async answerAhead(request) {
      ahead.push(request);
      return { promptTokens: 1, evaluatedTokens: 1, generatedTokens: 1, totalMs: 0, aborted: false };
    },
  };
  return { provider, ahead, warmed, calls };
}

/** What makes two calls the same call: the prompt and every setting. */
const sameCall = (request: LlmAheadRequest | LlmObjectRequest<unknown>) => ({
  stage: request.stage,
  principal: request.principal,
  messages: request.messages,
  schemaName: request.schemaName,
  temperature: request.temperature,
  maxTokens: request.maxTokens,
});

describe('the off-screen stages, answered ahead while the player reads', () => {
  it('are asked exactly as the close then calls them, and no longer only warmed', async () => {
    const fake = answeringProvider();
    setup = await startPlay(async () => fake.provider);
    const { api } = setup;
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const first = unwrap(await api['play.submit']({ saveId: save.id, text: 'I shake the rain from my coat.' }));
    await until(() => fake.ahead.some((request) => request.stage === 'standalone_simulation'));
    expect(fake.warmed.filter((warm) => OFFSCREEN_STAGES.includes(warm.stage))).toEqual([]);
    const ended = unwrap(await api['play.submit']({ saveId: first.saveId, text: '/end scene' }));
    expect(unwrap(await api['play.settle']({ saveId: ended.saveId })).failure).toBeNull();
    expect(fake.calls.map((call) => call.stage)).toEqual(expect.arrayContaining([...OFFSCREEN_STAGES]));
    for (const call of fake.calls) {
      const asked = fake.ahead.find((request) => request.stage === call.stage && request.principal === call.principal);
      expect(asked && sameCall(asked), `${call.stage} of ${call.principal ?? '?'}`).toEqual(sameCall(call));
      expect(asked?.schema).toBe(call.schema);
    }
  });
});

describe('a prepared intention (tuning.prepareIntents), answered ahead while the player reads', () => {
  it('is asked exactly as the next turn then prepares it, as a call that will probably come', async () => {
    variant = await lanternQuayVariant({ 'story.yaml': (text) => `${text}\ntuning:\n  prepareIntents: true\n` });
    const fake = answeringProvider(['npc_intent']);
    setup = await startPlay(async () => fake.provider, undefined, variant.storiesDir);
    const { api } = setup;
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const first = unwrap(await api['play.submit']({ saveId: save.id, text: 'I shake the rain from my coat.' }));
    await until(() => fake.ahead.some((request) => request.stage === 'npc_intent'));
    // Its intent is answered ahead, not just warmed.
    expect(fake.warmed.filter((warm) => warm.stage === 'npc_intent')).toEqual([]);
    fake.calls.length = 0;
    unwrap(await api['play.submit']({ saveId: first.saveId, text: 'I warm my hands at the fire.' }));
    const prepared = fake.calls[0];
    if (prepared === undefined) throw new Error('no character acted in the second turn');
    const asked = fake.ahead.find(
      (request) => request.stage === 'npc_intent' && request.principal === prepared.principal,
    );
    expect(asked && sameCall(asked)).toEqual(sameCall(prepared));
    expect(asked?.schema).toBe(prepared.schema);
    expect(asked?.likely).toBe(true);
  });
});
