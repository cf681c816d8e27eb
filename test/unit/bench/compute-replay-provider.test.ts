import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createScriptedProvider,
  type LlmAheadRequest,
  type LlmProvider,
  type LlmRequest,
} from '../../../engine/llm/index.ts';
import { createComputeReplayProvider, STAGE_OUTPUT_CAPS } from '../../support/compute-replay-provider.ts';

/**
 * A recording fake of the compute side (the local provider on the benchmark model): one token per word, and it
 * streams one delta per token it is asked for, as the local provider does with a model that never stops.
 */
function recordingCompute() {
  const requests: LlmRequest[] = [];
  const ahead: LlmAheadRequest[] = [];
  const provider: LlmProvider & { countTokens(text: string): Promise<number> } = {
    kind: 'local',
    model: 'recording compute',
    async generateText(request) {
      requests.push(request);
      const tokens = request.maxTokens ?? 0;
      for (let index = 0; index < tokens; index++) request.onTextDelta?.('x');
      const usage = {
        promptTokens: 100,
        cachedPromptTokens: 60,
        generatedTokens: tokens,
        timeToFirstTokenMs: 5,
        totalMs: 9,
      };
      return { text: 'x'.repeat(tokens), usage, model: 'recording compute', attempts: 1 };
    },
    generateObject: () => Promise.reject(new Error('the replay only asks the compute for text')),
    async answerAhead(request) {
      ahead.push(request);
      const generatedTokens = request.maxTokens ?? 0;
      return { promptTokens: 100, evaluatedTokens: 40, generatedTokens, totalMs: 9, aborted: false };
    },
    countTokens: async (text) => text.split(/\s+/u).filter((word) => word !== '').length,
    async dispose() {},
  };
  return { provider, requests, ahead };
}

const DIALOG = 'Keep it down, mister, Mother Rook hears through walls.';

describe('the compute replay provider', () => {
  it("sends the engine's prompt to the compute for as many tokens as the scripted reply, and answers with the script", async () => {
    const compute = recordingCompute();
    const script = await createScriptedProvider({ entries: [{ stage: 'character_dialog', reply: DIALOG }] });
    const replay = createComputeReplayProvider(compute.provider, script);
    const deltas: string[] = [];
    const messages = [{ role: 'user' as const, content: 'Kit, answer the stranger.' }];
    const result = await replay.generateText({
      stage: 'character_dialog',
      messages,
      seed: 3,
      onTextDelta: (delta) => deltas.push(delta),
    });
    expect(result.text).toBe(DIALOG);
    expect(compute.requests[0]?.messages).toEqual(messages);
    expect(compute.requests[0]?.seed).toBe(3);
    expect(compute.requests[0]?.maxTokens).toBe(9); // the reply's nine words, under the dialog cap of 60
    // The scripted text went out in step with the nine generated tokens, and whole.
    expect(deltas.length).toBe(9);
    expect(deltas.join('')).toBe(DIALOG);
    expect(result.usage).toMatchObject({ promptTokens: 100, cachedPromptTokens: 60, generatedTokens: 9 });
    expect(replay.calls.map((call) => [call.stage, call.outputCap])).toEqual([['character_dialog', 9]]);
  });

  it("caps the compute at the stage's realistic output length, scaled, and parses the scripted JSON", async () => {
    const compute = recordingCompute();
    const long = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const script = await createScriptedProvider({ entries: [{ stage: 'narrator', reply: { text: long } }] });
    const replay = createComputeReplayProvider(compute.provider, script, { outputScale: 0.5 });
    const result = await replay.generateObject({
      stage: 'narrator',
      messages: [{ role: 'user', content: 'Narrate.' }],
      schema: z.object({ text: z.string() }),
      schemaName: 'narration',
    });
    expect(result.value.text).toBe(long);
    // The cap holds the whole reply: its opening `{"text": "` (two of the fake's words) is in the prompt.
    expect(compute.requests[0]?.maxTokens).toBe(STAGE_OUTPUT_CAPS.narrator / 2 - 2);
  });

  it('generates the length outputTokens gives for the call and its schema, scaled, whatever the reply holds', async () => {
    const compute = recordingCompute();
    const script = await createScriptedProvider({
      entries: [
        { stage: 'narrator', reply: { text: 'Short.' } },
        { stage: 'narrator', reply: 'Also short.' },
      ],
    });
    const asked: (string | undefined)[] = [];
    const replay = createComputeReplayProvider(compute.provider, script, {
      outputScale: 0.5,
      outputTokens: (request, schemaName) => {
        asked.push(schemaName);
        return schemaName === 'narration' ? 300 : 40;
      },
    });
    const messages = [{ role: 'user' as const, content: 'Narrate.' }];
    await replay.generateObject({
      stage: 'narrator',
      messages,
      schema: z.object({ text: z.string() }),
      schemaName: 'narration',
    });
    await replay.generateText({ stage: 'narrator', messages });
    expect(asked).toEqual(['narration', undefined]);
    // Above the narrator's cap of 150 and far above the replies' one or two words: the bench decides the length
    // (the JSON reply's opening, `{"text": "`, two of the fake's words, is in the prompt).
    expect(compute.requests.map((request) => request.maxTokens)).toEqual([148, 20]);
    expect(replay.calls.map((call) => [call.schemaName, call.outputCap])).toEqual([
      ['narration', 148],
      [undefined, 20],
    ]);
  });

  it('puts a reply opening the script starts with in the prompt: shown at once, and only the rest generated', async () => {
    const compute = recordingCompute();
    const script = await createScriptedProvider({
      entries: [{ stage: 'narrator', reply: { beats: [{ type: 'narration', content: 'Rain on the quay.' }] } }],
    });
    const replay = createComputeReplayProvider(compute.provider, script);
    const deltas: string[] = [];
    const opening = '{"beats": [{"type": "narration", "content": "';
    const messages = [{ role: 'user' as const, content: 'Narrate.' }];
    const result = await replay.generateObject({
      stage: 'narrator',
      messages,
      schema: z.object({ beats: z.array(z.object({ type: z.string(), content: z.string() })) }),
      schemaName: 'beat_script',
      replyOpening: opening,
      onTextDelta: (delta) => deltas.push(delta),
    });
    expect(deltas[0]).toBe('{"beats":[{"type":"narration","content":"');
    expect(deltas.join('')).toBe(result.text);
    expect(compute.requests[0]?.messages).toEqual([...messages, { role: 'assistant', content: opening }]);
    // As the grammar-bound model writes it: the opening (5 of the fake's words), then `Rain on the quay."` sampled
    // (4), `}` forced, `]` sampled, `}` forced: 7 tokens after the opening, the closing braces handed over in a batch.
    expect(compute.requests[0]?.maxTokens).toBe(7);
    expect([4, 5, 6].map((sampled) => compute.requests[0]?.forcedText?.(sampled))).toEqual(['}', '}', '']);
  });

  it('answers ahead at the length the call will ask, as free text, leaving the scripted reply to the call', async () => {
    const compute = recordingCompute();
    const script = await createScriptedProvider({
      entries: [
        { stage: 'intent_check', principal: 'ambrose-hale', reply: { seeking: [] } },
        { stage: 'intent_check', principal: 'silas-crane', reply: { where: 'He keeps to the harbour office.' } },
      ],
    });
    const replay = createComputeReplayProvider(compute.provider, script);
    const messages = [{ role: 'user' as const, content: 'Will Silas seek anyone out?' }];
    const call = { stage: 'intent_check' as const, principal: 'silas-crane', messages, temperature: 0.4 };
    const schema = z.object({ where: z.string() });
    const ahead = await replay.answerAhead?.({ ...call, schema, schemaName: 'intent_check' });
    // The principal's own entry (the first for the stage is another's): its opening `{"where": "` in the prompt, then
    // its six words sampled and the closing brace forced.
    const asked = { ...call, messages: [...messages, { role: 'assistant', content: '{"where": "' }], maxTokens: 7 };
    expect(compute.ahead).toMatchObject([asked]);
    expect(compute.ahead[0]?.forcedText?.(6)).toBe('}');
    expect(ahead).toMatchObject({ generatedTokens: 7 });
    expect(replay.warms.map((warm) => warm.stage)).toEqual(['intent_check']);
    // The ahead took nothing from the script: each call still gets its own entry, in the script's order.
    await replay.generateObject({
      ...call,
      principal: 'ambrose-hale',
      schema: z.unknown(),
      schemaName: 'intent_check',
    });
    const result = await replay.generateObject({ ...call, schema, schemaName: 'intent_check' });
    expect(result.value.where).toBe('He keeps to the harbour office.');
    expect(compute.requests.at(-1)).toMatchObject(asked);
    expect(compute.requests.at(-1)?.forcedText?.(6)).toBe('}');
  });

  it("hands the compute the runs an intent's grammar forces, after as many sampled tokens as the text before them", async () => {
    const compute = recordingCompute();
    const reply = { thought: 'A whole penny.', intention: 'Tug the sleeve.' };
    const script = await createScriptedProvider({ entries: [{ stage: 'npc_intent', reply }] });
    const replay = createComputeReplayProvider(compute.provider, script);
    const messages = [{ role: 'user' as const, content: 'What does Kit do now?' }];
    const schema = z.strictObject({ thought: z.string(), intention: z.string() });
    await replay.generateObject({ stage: 'npc_intent', messages, schema, schemaName: 'intent' });
    const request = compute.requests[0];
    expect(request?.messages).toEqual([...messages, { role: 'assistant', content: '{"thought": "' }]);
    // `A whole penny."` is 3 sampled words, then the next key is forced; `Tug the sleeve."` 3 more, then the brace.
    const forced = Array.from({ length: 8 }, (_, sampled) => request?.forcedText?.(sampled) ?? '');
    expect(forced).toEqual(['', '', '', ', "intention": "', '', '', '}', '']);
    // 3 + 3 sampled, and the forced runs' 3 + 1 words: the reply's tokens after the opening.
    expect(request?.maxTokens).toBe(10);
  });

  it('samples the forced runs a token at a time when told not to force them, at the same length', async () => {
    const compute = recordingCompute();
    const reply = { thought: 'A whole penny.', intention: 'Tug the sleeve.' };
    const script = await createScriptedProvider({ entries: [{ stage: 'npc_intent', reply }] });
    const replay = createComputeReplayProvider(compute.provider, script, { forceRuns: false });
    const schema = z.strictObject({ thought: z.string(), intention: z.string() });
    const messages = [{ role: 'user' as const, content: 'What does Kit do now?' }];
    await replay.generateObject({ stage: 'npc_intent', messages, schema, schemaName: 'intent' });
    expect(compute.requests[0]?.forcedText).toBeUndefined();
    expect(compute.requests[0]?.maxTokens).toBe(10);
  });

  it('fails the call when the script does not match, before any compute', async () => {
    const compute = recordingCompute();
    const script = await createScriptedProvider({ entries: [{ stage: 'narrator', reply: 'x' }] });
    const replay = createComputeReplayProvider(compute.provider, script);
    await expect(
      replay.generateText({ stage: 'character_dialog', messages: [{ role: 'user', content: 'Speak.' }] }),
    ).rejects.toThrow(/character_dialog/u);
    expect(compute.requests).toEqual([]);
  });
});
