import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScriptedProvider } from '../../../engine/llm/scripted/index.ts';
import { failureOf, prompt } from './helpers.ts';

const intent = z.object({ thought: z.string(), intention: z.string() });
describe('scripted provider: entries in code', () => {
  it('makes a stage fail in each way a real provider can', async () => {
    const provider = await createScriptedProvider({
      entries: [
        { stage: 'narrator', error: 'timeout' },
        { stage: 'narrator', error: 'rate_limited', message: 'busy' },
        { stage: 'npc_intent', reply: '{"thought": "unfinished' },
        { stage: 'npc_intent', reply: { thought: 'no intention' } },
        { stage: 'character_dialog', delayMs: 10_000, reply: 'never said' },
      ],
    });
    const structured = { stage: 'npc_intent', messages: prompt('x'), schema: intent, schemaName: 'i' } as const;
    expect(await failureOf(provider.generateText({ stage: 'narrator', messages: prompt('x') }))).toMatchObject({
      kind: 'timeout',
      message: 'narrator: scripted timeout (entries[0])',
    });
    expect(await failureOf(provider.generateText({ stage: 'narrator', messages: prompt('x') }))).toMatchObject({
      kind: 'rate_limited',
      message: 'narrator: busy',
    });

    const malformed = await failureOf(provider.generateObject(structured));
    expect(malformed.kind).toBe('invalid_output');
    expect(malformed.message).toMatch(
      /^npc_intent: the reply is not valid JSON .*\(scripted reply at entries\[2\]\)$/u,
    );
    const wrongShape = await failureOf(provider.generateObject(structured));
    expect(wrongShape.message).toMatch(/does not match the schema.*intention/su);

    const controller = new AbortController();
    const slow = provider.generateText({ stage: 'character_dialog', messages: prompt('x'), signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const started = performance.now();
    expect(await failureOf(slow)).toMatchObject({ kind: 'aborted', stage: 'character_dialog' });
    expect(performance.now() - started).toBeLessThan(5_000);
    provider.assertExhausted();
  });

  it('waits delayMs before replying', async () => {
    const provider = await createScriptedProvider({ entries: [{ stage: 'narrator', delayMs: 50, reply: 'late' }] });
    const result = await provider.generateText({ stage: 'narrator', messages: prompt('x') });
    expect(result.usage.totalMs).toBeGreaterThanOrEqual(45);
    expect(result.text).toBe('late');
  });

  it('aborts mid-stream between chunks', async () => {
    const provider = await createScriptedProvider({
      entries: [{ stage: 'narrator', reply: 'one two three four five six seven eight' }],
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    const call = provider.generateText({
      stage: 'narrator',
      messages: prompt('x'),
      signal: controller.signal,
      onTextDelta: (delta) => {
        deltas.push(delta);
        controller.abort();
      },
    });
    expect(await failureOf(call)).toMatchObject({ kind: 'aborted' });
    expect(deltas).toEqual(['one two ']);
  });

  it('rejects invalid entries with their index and field', async () => {
    const error = await failureOf(
      createScriptedProvider({
        entries: [
          { stage: 'narrator', reply: 'ok' },
          { stage: 'narrator', reply: 'x', error: 'timeout' },
        ],
      }),
    );
    expect(error.kind).toBe('config');
    expect(error.message).toBe(
      'the scripted entries are invalid:\nentries[1]: an entry needs either `reply` or `error` (exactly one)',
    );
  });
});
