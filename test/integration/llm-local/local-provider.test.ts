import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StageKind } from '../../../engine/api/index.ts';
import type { LocalProvider } from '../../../engine/llm/local/index.ts';
import { LlmError, type LlmMessage } from '../../../engine/llm/types.ts';
import { createTinyProvider, makeTinyModel, type TinyModel } from '../../support/tiny-model.ts';

const personSchema = z.object({ name: z.string(), age: z.number().int(), mood: z.enum(['calm', 'angry', 'sad']) });
const CANONICAL_PERSON = /^\{"name": "(?:[^"\\]|\\.)*", "age": -?\d+, "mood": "(?:calm|angry|sad)"\}$/su;
const ask = (content: string): LlmMessage[] => [
  { role: 'system', content: 'You are the narrator. Reply with JSON only.' },
  { role: 'user', content },
];

describe('the local provider on the tiny model', () => {
  let tiny: TinyModel;
  let provider: LocalProvider;
  beforeAll(async () => {
    tiny = await makeTinyModel();
    provider = await createTinyProvider(tiny.path);
  });
  afterAll(async () => {
    await provider.dispose();
    await tiny.cleanup();
  });

  it('returns objects valid against their zod schema in 50 of 50 seeded runs', async () => {
    let retries = 0;
    for (let seed = 0; seed < 50; seed++) {
      const result = await provider.generateObject({
        stage: 'npc_intent',
        schema: personSchema,
        schemaName: 'person',
        messages: ask(`Describe villager number ${seed}.`),
        temperature: 0.8,
        seed,
      });
      expect(personSchema.safeParse(result.value).success).toBe(true);
      expect(JSON.parse(result.text)).toEqual(result.value);
      // Every key, colon, comma and brace the grammar leaves no choice in was forced, in canonical spacing; the model
      // chose only the values (and where a string or a number ends).
      if (result.attempts === 1) expect(result.text).toMatch(CANONICAL_PERSON);
      expect(result.usage.generatedTokens).toBeGreaterThan(10);
      retries += result.attempts - 1;
    }
    console.info(`structured output: 50/50 valid, ${retries} repair retries`);
  });

  it('streams deltas that join to exactly the final text, for text and for objects', async () => {
    for (const seed of [1, 2, 3]) {
      const deltas: string[] = [];
      const result = await provider.generateText({
        stage: 'narrator',
        messages: [{ role: 'user', content: `Tell me story ${seed}.` }],
        temperature: 0.9,
        seed,
        maxTokens: 200,
        onTextDelta: (delta) => deltas.push(delta),
      });
      expect(deltas.join('')).toBe(result.text);
      expect(result.usage.generatedTokens).toBeGreaterThan(0);
    }
    const deltas: string[] = [];
    const object = await provider.generateObject({
      stage: 'npc_intent',
      schema: personSchema,
      schemaName: 'person',
      messages: ask('Describe the smith.'),
      seed: 4,
      onTextDelta: (delta) => deltas.push(delta),
    });
    expect(deltas.join('')).toBe(object.text);
    expect(object.text).toBe(object.text.trim()); // the grammar's trailing newlines are not part of the reply
  });

  it('stops within 100 ms of abort() and rejects with LlmError("aborted")', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    let deltasAfterAbort = 0;
    const call = provider.generateText({
      stage: 'narrator',
      messages: [{ role: 'user', content: 'Tell a very long story.' }],
      seed: 11,
      temperature: 1,
      maxTokens: 3000,
      signal: controller.signal,
      onTextDelta: () => {
        if (abortedAt > 0) deltasAfterAbort++;
        else
          setImmediate(() => {
            abortedAt = performance.now();
            controller.abort();
          });
      },
    });
    const error: unknown = await call.catch((caught: unknown) => caught);
    const rejectedAfterMs = performance.now() - abortedAt;
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).kind).toBe('aborted');
    expect((error as LlmError).stage).toBe('narrator');
    expect(rejectedAfterMs).toBeLessThan(100);
    // The generation loop itself stopped: the next call on the same sequence starts (and finishes) right away.
    const next = await provider.generateText({
      stage: 'narrator',
      messages: [{ role: 'user', content: 'Hi.' }],
      seed: 1,
      maxTokens: 5,
    });
    expect(performance.now() - abortedAt).toBeLessThan(500);
    expect(next.usage.generatedTokens).toBeGreaterThan(0);
    expect(deltasAfterAbort).toBe(0);

    const already = AbortSignal.abort();
    await expect(
      provider.generateText({ stage: 'narrator', messages: ask('x'), signal: already }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('runs unrelated prompts in parallel on separate sequences, and prompts extending one cached prefix in order', async () => {
    const order: string[] = [];
    const run = (stage: 'narrator' | 'character_dialog', content: string, label: string, seed: number) =>
      provider.generateText({
        stage,
        messages: [{ role: 'user', content }],
        seed,
        temperature: 0.9,
        maxTokens: 40,
        onTextDelta: () => order.push(label),
      });
    const [a, b] = await Promise.all([
      run('narrator', 'Scene A.', 'A', 21),
      run('character_dialog', 'Dusk B.', 'B', 22),
    ]);
    expect(a.usage.generatedTokens).toBeGreaterThan(5);
    expect(b.usage.generatedTokens).toBeGreaterThan(5);
    // Interleaved deltas: both sequences were decoding at the same time.
    expect(order.lastIndexOf('A')).toBeGreaterThan(order.indexOf('B'));
    expect(order.lastIndexOf('B')).toBeGreaterThan(order.indexOf('A'));

    // One character's sheet and history, then two different endings: both go to the sequence holding that prefix.
    const sheet = Array.from({ length: 20 }, () => 'Kit lights the lanterns on the quay.').join(' ');
    order.length = 0;
    const [c, d] = await Promise.all([
      run('narrator', `${sheet} Scene C.`, 'C', 23),
      run('character_dialog', `${sheet} Scene D.`, 'D', 24),
    ]);
    expect(order.join('')).toMatch(/^C+D+$/u);
    expect(d.usage.cachedPromptTokens).toBeGreaterThan(c.usage.promptTokens / 2);
  });

  it('makes background calls step aside while the prose is written, then finishes them', async () => {
    const order: string[] = [];
    const lore = Array.from({ length: 40 }, (_, index) => `Fact ${index}: the quay floods at spring tide.`).join(' ');
    const background = provider.generateText({
      stage: 'lore_extractor',
      messages: [{ role: 'user', content: lore }],
      seed: 31,
      temperature: 0.9,
      maxTokens: 30,
      onTextDelta: () => order.push('B'),
    });
    await new Promise((resolve) => setTimeout(resolve, 20)); // the background prompt is under way
    const prose = await provider.generateText({
      stage: 'narrator',
      messages: [{ role: 'user', content: 'The lamps are lit.' }],
      seed: 32,
      temperature: 0.9,
      maxTokens: 30,
      onTextDelta: () => order.push('N'),
    });
    const extracted = await background;
    expect(prose.usage.generatedTokens).toBeGreaterThan(5);
    expect(extracted.usage.generatedTokens).toBeGreaterThan(5);
    // No background token between the prose's first and last: the prose had every batch to itself.
    const during = order.slice(order.indexOf('N'), order.lastIndexOf('N') + 1).join('');
    expect(during).toMatch(/^N+$/u);
    expect(order.lastIndexOf('B')).toBeGreaterThan(order.lastIndexOf('N'));
  });

  it('reuses the KV cache for a shared prompt prefix and reports the reused tokens honestly', async () => {
    const lore = Array.from({ length: 60 }, (_, index) => `Fact ${index}: the river town keeps its old bridge.`).join(
      ' ',
    );
    const system = { role: 'system' as const, content: `You narrate. ${lore}` };
    const prefixTokens = await provider.countTokens(system.content);
    const first = await provider.generateText({
      stage: 'character_extractor',
      messages: [system, { role: 'user', content: 'Turn one.' }],
      seed: 1,
      maxTokens: 20,
    });
    expect(first.usage.cachedPromptTokens).toBe(0);
    const second = await provider.generateText({
      stage: 'character_extractor',
      messages: [system, { role: 'user', content: 'Turn two, much later.' }],
      seed: 2,
      maxTokens: 20,
    });
    expect(second.usage.cachedPromptTokens).toBeGreaterThanOrEqual(prefixTokens);
    // Only the new user turn and the assistant header are evaluated again.
    const newTurnTokens = await provider.countTokens('Turn two, much later.');
    expect(second.usage.promptTokens - second.usage.cachedPromptTokens).toBeLessThanOrEqual(newTurnTokens + 12);
    // A prompt that shares nothing reuses (almost) nothing: the count is measured, not assumed. At most the chat
    // template's header ("<s><|im_start|>user\n", byte tokens here) is shared with whichever sequence it lands on.
    const other = await provider.generateText({
      stage: 'character_extractor',
      messages: [{ role: 'user', content: 'Unrelated.' }],
      seed: 3,
      maxTokens: 5,
    });
    expect(other.usage.cachedPromptTokens).toBeLessThan(12);
  });

  it('warms a prompt ahead of its call, so the call finds it cached; an aborted warm-up stops early', async () => {
    const story = Array.from({ length: 40 }, (_, index) => `Line ${index}: the tide turns at the lantern.`).join(' ');
    const system = { role: 'system' as const, content: `You narrate the quay. ${story}` };
    const waiting = { role: 'user' as const, content: 'The player has not typed yet.' };
    const warmed = await provider.warm({ stage: 'narrator', principal: 'narrator', messages: [system, waiting] });
    expect(warmed.aborted).toBe(false);
    expect(warmed.evaluatedTokens).toBeGreaterThan(warmed.promptTokens / 2);
    const call = await provider.generateText({
      stage: 'narrator',
      principal: 'narrator',
      messages: [system, { role: 'user', content: 'I walk to the end of the quay.' }],
      seed: 7,
      maxTokens: 5,
    });
    // Everything the warm-up held up to the player's input was found in the cache.
    expect(call.usage.cachedPromptTokens).toBeGreaterThanOrEqual(await provider.countTokens(system.content));

    const stop = new AbortController();
    stop.abort();
    const other = { role: 'system' as const, content: `You narrate the chapel. ${story}` };
    const stopped = await provider.warm({ stage: 'narrator', messages: [other, waiting], signal: stop.signal });
    expect(stopped).toMatchObject({ aborted: true, evaluatedTokens: 0 });
  });

  it('answers a call ahead: the same call later takes that answer, evaluating nothing, once', async () => {
    const call = {
      stage: 'intent_check' as const,
      principal: 'silas-crane',
      messages: ask('Will the harbourmaster seek anyone out tonight?'),
      schema: personSchema,
      schemaName: 'person',
      temperature: 0.7,
    };
    const ahead = await provider.answerAhead(call);
    expect(ahead.aborted).toBe(false);
    expect(ahead.evaluatedTokens).toBeGreaterThan(0);
    const answered = await provider.generateObject(call);
    expect(personSchema.safeParse(answered.value).success).toBe(true);
    // Its prompt was evaluated ahead: a call of its own re-evaluates at least its last token.
    expect(answered.usage.cachedPromptTokens).toBe(answered.usage.promptTokens);
    expect(answered.usage.generatedTokens).toBe(ahead.generatedTokens);
    const again = await provider.generateObject(call);
    expect(again.usage.cachedPromptTokens).toBeLessThan(again.usage.promptTokens);

    // Other settings are another call; an answer that was stopped is dropped.
    await provider.answerAhead(call);
    const warmer = await provider.generateObject({ ...call, temperature: 0.9 });
    expect(warmer.usage.cachedPromptTokens).toBeLessThan(warmer.usage.promptTokens);
    expect((await provider.generateObject(call)).usage.cachedPromptTokens).toBe(answered.usage.promptTokens);
    const stop = new AbortController();
    stop.abort();
    expect(await provider.answerAhead({ ...call, signal: stop.signal })).toMatchObject({ aborted: true });
    const fresh = await provider.generateObject(call);
    expect(fresh.usage.cachedPromptTokens).toBeLessThan(fresh.usage.promptTokens);
  });

  it('puts a reply opening the grammar allows in the prompt: the model writes only what follows it', async () => {
    const script = z.object({ beats: z.array(z.object({ type: z.literal('narration'), content: z.string() })) });
    const opening = '{"beats": [{"type": "narration", "content": "';
    const request = { stage: 'narrator', schema: script, schemaName: 'beat_script', messages: ask('Begin.') } as const;
    const deltas: string[] = [];
    const opened = await provider.generateObject({
      ...request,
      seed: 5,
      replyOpening: opening,
      onTextDelta: (delta) => deltas.push(delta),
    });
    expect(opened.text.startsWith(opening)).toBe(true);
    expect(deltas[0]).toBe(opening);
    expect(deltas.join('')).toBe(opened.text);
    expect(script.safeParse(opened.value).success).toBe(true);
    const whole = await provider.generateObject({ ...request, seed: 5, replyOpening: '' });
    // The opening was evaluated as prompt, not sampled: the reply's prompt grew by its tokens (counted alone, they
    // include the tiny vocabulary's dummy leading space, which the opening inside the prompt does not have).
    const openingTokens = await provider.countTokens(opening);
    expect(opened.usage.promptTokens - whole.usage.promptTokens).toBe(openingTokens - 1);

    // Without an opening of its own, a call opens with what its schema holds for every reply.
    const schemaOpened = await provider.generateObject({ ...request, seed: 5 });
    expect(schemaOpened.text.startsWith('{"beats": [')).toBe(true);
    const schemaOpening = await provider.countTokens('{"beats": [');
    expect(schemaOpened.usage.promptTokens - whole.usage.promptTokens).toBe(schemaOpening - 1);

    // An opening the schema forbids is not forced on the model: it writes the reply whole.
    const refused = await provider.generateObject({ ...request, seed: 6, replyOpening: '{"scenes": ["' });
    expect(refused.usage.promptTokens).toBe(whole.usage.promptTokens);
    expect(script.safeParse(refused.value).success).toBe(true);
  });

  it('hands forced text to the model after a sampled token: it is in the reply, and never sampled', async () => {
    const asked: number[] = [];
    const forced = ' and then the bell rang';
    const result = await provider.generateText({
      stage: 'narrator',
      messages: [{ role: 'user', content: 'Tell me a story.' }],
      seed: 7,
      temperature: 0.9,
      maxTokens: 24,
      forcedText: (sampled) => {
        asked.push(sampled);
        return sampled === 2 ? forced : '';
      },
    });
    expect(result.text).toContain(forced);
    // Asked once after each sampled token, counting only those: the forced tokens were generated, not sampled.
    expect(asked).toEqual(asked.map((_, index) => index + 1));
    const last = asked.at(-1) ?? 0;
    expect(last).toBeGreaterThan(2);
    expect(result.usage.generatedTokens - last).toBeGreaterThanOrEqual((await provider.countTokens(forced)) - 2);
  });

  it('repairs once, then fails with invalid_output naming the stage', async () => {
    let checks = 0;
    const picky = personSchema.refine(() => ++checks > 1, 'the first answer is never good enough');
    const repaired = await provider.generateObject({
      stage: 'standalone_simulation',
      schema: picky,
      schemaName: 'person',
      messages: ask('Who?'),
      seed: 5,
    });
    expect(repaired.attempts).toBe(2);
    expect(repaired.usage.cachedPromptTokens).toBeGreaterThan(0); // the repair prompt extends the first one

    const impossible = personSchema.refine(() => false, 'never valid');
    const failure = provider.generateObject({
      stage: 'standalone_simulation',
      schema: impossible,
      schemaName: 'person',
      messages: ask('Who?'),
      seed: 6,
    });
    await expect(failure).rejects.toMatchObject({ kind: 'invalid_output', stage: 'standalone_simulation' });
    await expect(failure).rejects.toThrow(/^standalone_simulation: .*never valid/su);
  });

  it('builds grammars for nested, recursive and union schemas', async () => {
    const leaf: z.ZodType<{ label: string; children: unknown[] }> = z.lazy(() =>
      z.object({ label: z.string(), children: z.array(leaf).max(1) }),
    );
    const schema = z.object({
      tree: leaf,
      kind: z.union([z.literal('a'), z.object({ b: z.boolean() })]),
      tags: z.array(z.string()).max(2),
    });
    const outcome = await provider
      .generateObject({
        stage: 'structural_parse',
        schema,
        schemaName: 'tree',
        messages: ask('Tree?'),
        seed: 3,
        maxTokens: 300,
      })
      .then(
        () => 'valid',
        (error: unknown) => (error instanceof LlmError && error.kind === 'invalid_output' ? 'invalid' : error),
      );
    expect(['valid', 'invalid']).toContain(outcome); // the grammar compiled and generation ran
  });

  it('counts tokens with the model tokenizer', async () => {
    expect(await provider.countTokens('')).toBe(0);
    expect(await provider.countTokens('the river')).toBeLessThan('the river'.length);
  });
});

describe('local provider lifecycle', () => {
  it('quotes only the beginning of a rambling rejected reply, so the repair retry fits the context', async () => {
    const tiny = await makeTinyModel();
    const provider = await createTinyProvider(tiny.path, 1, 512);
    try {
      // More lines than its budget holds: the reply runs to its cap, unfinished, and is rejected.
      const never = z.object({ lines: z.array(z.string()).min(40) });
      const shown: string[] = [];
      const failure = provider.generateObject({
        stage: 'standalone_simulation',
        schema: never,
        schemaName: 'text',
        messages: ask('Write.'),
        seed: 3,
        temperature: 1,
        maxTokens: 460,
        onTextDelta: (delta) => shown.push(delta),
      });
      // The retry's prompt would hold the first reply whole and the problem: more than the 512-token context.
      await expect(failure).rejects.toMatchObject({ kind: 'invalid_output', stage: 'standalone_simulation' });
      await expect(failure).rejects.toThrow(/after one repair retry/u);
      expect(await provider.countTokens(shown.join(''))).toBeGreaterThan(400);
    } finally {
      await provider.dispose();
      await tiny.cleanup();
    }
  });

  it('shares few sequences among many prompt families, least recently used first', async () => {
    const tiny = await makeTinyModel();
    const provider = await createTinyProvider(tiny.path, 2);
    try {
      const long = Array.from({ length: 30 }, () => 'The old bridge stands.').join(' ');
      const call = (stage: 'narrator' | 'chronicler' | 'standalone_simulation') =>
        provider.generateText({
          stage,
          messages: [{ role: 'system', content: `${stage}: ${long}` }],
          seed: 1,
          maxTokens: 3,
        });
      await call('narrator');
      await call('chronicler');
      await call('narrator'); // narrator is now the most recently used
      await call('standalone_simulation'); // takes over the chronicler prompt's sequence
      expect((await call('narrator')).usage.cachedPromptTokens).toBeGreaterThan(50);
      // Evicted: only the chat-template header ("<s><|im_start|>system\n") is still shared.
      expect((await call('chronicler')).usage.cachedPromptTokens).toBeLessThan(15);
    } finally {
      await provider.dispose();
      await tiny.cleanup();
    }
  });

  it('warms a speculative prompt only on a spare sequence: with none spare it evaluates nothing and evicts no one', async () => {
    await onTwoSequences(async (provider) => {
      const call = (who: string) => callWith(provider, 'narrator', who);
      const warm = (who: string) => warmWith(provider, 'intent_check', who);
      await call('narrator');
      // One sequence is spare: the warm-up takes it, and its call finds the prompt there.
      expect((await warm('ambrose')).evaluatedTokens).toBeGreaterThan(50);
      expect((await call('ambrose')).usage.cachedPromptTokens).toBeGreaterThan(50);
      // None is spare now: a warm-up of another prompt does nothing, and both prompts stay cached.
      expect(await warm('silas')).toMatchObject({ evaluatedTokens: 0, aborted: false });
      expect((await call('narrator')).usage.cachedPromptTokens).toBeGreaterThan(50);
      expect((await call('ambrose')).usage.cachedPromptTokens).toBeGreaterThan(50);
    });
  });

  it('warms a likely prompt on the oldest sequence the last call left when none is spare, never on one just warmed', async () => {
    await onTwoSequences(async (provider) => {
      const call = (who: string) => callWith(provider, 'npc_intent', who);
      const warm = (who: string) => warmWith(provider, 'npc_intent', who, true);
      // The last scene's two characters hold both sequences (a call of the same stage would take the sequence its
      // stage used last: see PrefixSlots.route).
      await call('magdalen');
      await callWith(provider, 'character_dialog', 'kit');
      // The next scene's characters are warmed over them, then nothing more is taken.
      expect((await warm('silas')).evaluatedTokens).toBeGreaterThan(50);
      expect((await warm('ambrose')).evaluatedTokens).toBeGreaterThan(50);
      expect(await warm('hester')).toMatchObject({ evaluatedTokens: 0, aborted: false });
      expect((await call('silas')).usage.cachedPromptTokens).toBeGreaterThan(50);
      expect((await call('ambrose')).usage.cachedPromptTokens).toBeGreaterThan(50);
    });
  });

  it("answers a likely call ahead over the last call's sequence when none is spare; an unlikely one takes none", async () => {
    await onTwoSequences(async (provider) => {
      const call = (who: string) => callWith(provider, 'npc_intent', who);
      const ahead = (who: string, likely: boolean) =>
        provider.answerAhead({ ...callRequest('npc_intent', who), likely });
      // The last call holds one sequence; Silas's answer takes the other, which is spare.
      await call('kit');
      expect((await ahead('silas', true)).generatedTokens).toBeGreaterThan(0);
      // None is spare now: an answer that may never be asked for takes nothing, a likely one the last call's.
      expect(await ahead('hester', false)).toMatchObject({ evaluatedTokens: 0, generatedTokens: 0, aborted: false });
      expect((await ahead('ambrose', true)).generatedTokens).toBeGreaterThan(0);
      // Each call takes its answer: its whole prompt was evaluated ahead.
      for (const who of ['silas', 'ambrose']) {
        const answered = await call(who);
        expect(answered.usage.cachedPromptTokens, who).toBe(answered.usage.promptTokens);
      }
    });
  });

  it('runs each cohort member on its own sequence, side by side, each keeping its own prefix cached', async () => {
    const tiny = await makeTinyModel();
    const provider = await createTinyProvider(tiny.path, 2);
    try {
      const long = Array.from({ length: 30 }, () => 'The old bridge stands.').join(' ');
      const member = (principal: string) =>
        provider.generateText({
          stage: 'cohort_member',
          principal,
          messages: [{ role: 'system', content: `${principal}: ${long}` }],
          seed: 1,
          maxTokens: 3,
        });
      // One round: both members at once (one sequence each, so they batch rather than queue).
      await Promise.all([member('ada-quill'), member('bram-tolley')]);
      // The next round: each finds its own prefix still cached; on one shared sequence the other would have evicted it.
      const [ada, bram] = await Promise.all([member('ada-quill'), member('bram-tolley')]);
      expect(ada.usage.cachedPromptTokens).toBeGreaterThan(50);
      expect(bram.usage.cachedPromptTokens).toBeGreaterThan(50);
    } finally {
      await provider.dispose();
      await tiny.cleanup();
    }
  });

  it('reports a missing model file as a config error, and refuses calls after dispose', async () => {
    await expect(createTinyProvider('/nonexistent/model.gguf')).rejects.toMatchObject({ kind: 'config' });
    const tiny = await makeTinyModel();
    const provider = await createTinyProvider(tiny.path);
    expect(provider.kind).toBe('local');
    expect(provider.model).toBe('storyloom-tiny');
    await provider.dispose();
    await expect(provider.generateText({ stage: 'narrator', messages: ask('x') })).rejects.toMatchObject({
      kind: 'provider',
    });
    await tiny.cleanup();
  });
});

/** One long prompt per principal: long enough that what a sequence holds of it is plain in the counts. */
function bridgePrompt(who: string): LlmMessage[] {
  const long = Array.from({ length: 30 }, () => 'The old bridge stands.').join(' ');
  return [{ role: 'system', content: `${who}: ${long}` }];
}

/** A tiny-model provider with two KV sequences, disposed after `body`. */
async function onTwoSequences(body: (provider: LocalProvider) => Promise<void>): Promise<void> {
  const tiny = await makeTinyModel();
  const provider = await createTinyProvider(tiny.path, 2);
  try {
    await body(provider);
  } finally {
    await provider.dispose();
    await tiny.cleanup();
  }
}

/** A short call on `who`'s prompt, the same each time (so an answer asked ahead of it is its own). */
function callRequest(stage: StageKind, who: string) {
  return { stage, principal: who, messages: bridgePrompt(who), seed: 1, maxTokens: 3 };
}

function callWith(provider: LocalProvider, stage: StageKind, who: string) {
  return provider.generateText(callRequest(stage, who));
}

/** A speculative warm-up of `who`'s prompt; `likely`: its call will probably come (see LlmWarmRequest.likely). */
function warmWith(provider: LocalProvider, stage: StageKind, who: string, likely = false) {
  return provider.warm({ stage, principal: who, messages: bridgePrompt(who), speculative: true, likely });
}
