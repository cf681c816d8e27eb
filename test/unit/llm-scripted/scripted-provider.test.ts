import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createScriptedProvider } from '../../../engine/llm/scripted/index.ts';
import { LlmError } from '../../../engine/llm/types.ts';
import { failureOf, prompt } from './helpers.ts';

const fixture = fileURLToPath(new URL('./fixtures/tavern-opening.yaml', import.meta.url));
const intent = z.object({ thought: z.string(), intention: z.string() });
describe('scripted provider: a fixture file', () => {
  it('answers each stage from its own entries, in file order', async () => {
    const provider = await createScriptedProvider({ file: fixture });
    const deltas: string[] = [];
    const opening = await provider.generateText({
      stage: 'narrator',
      principal: 'persona',
      messages: prompt('The stranger enters the tavern.'),
      onTextDelta: (delta) => deltas.push(delta),
    });
    const mira = await provider.generateObject({
      stage: 'npc_intent',
      principal: 'mira',
      messages: prompt('A stranger walks into the tavern.'),
      schema: intent,
      schemaName: 'npc_intent',
    });
    const second = await provider.generateText({
      stage: 'narrator',
      principal: 'mira',
      messages: prompt('Mira acts.'),
    });

    expect(opening.text).toBe("Rain drips from the stranger's hood as the door swings shut.\n");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(opening.text);
    expect(opening.usage).toMatchObject({ promptTokens: 7, cachedPromptTokens: 0, generatedTokens: 15 });
    expect(opening.usage.timeToFirstTokenMs).not.toBeNull();
    expect(mira.value).toEqual({
      thought: 'Another one fleeing the storm.',
      intention: 'Pour a cup of cider and wait.',
    });
    expect(JSON.parse(mira.text)).toEqual(mira.value);
    expect(second.text).toBe('Mira sets a steaming cup on the bar.');
    expect(provider).toMatchObject({ kind: 'scripted', model: `scripted:${fixture}` });
  });

  it('fails with script_mismatch naming the entry and what differed', async () => {
    const provider = await createScriptedProvider({ file: fixture });
    const wrongPrincipal = await failureOf(
      provider.generateText({ stage: 'narrator', principal: 'mira', messages: prompt('The stranger enters') }),
    );
    expect(wrongPrincipal.kind).toBe('script_mismatch');
    expect(wrongPrincipal.message).toBe(
      `narrator: the call does not match script entry ${fixture}:2:3 (narrator entry 1 of 2): expected principal "persona", got "mira"`,
    );

    const missingText = await failureOf(
      provider.generateText({ stage: 'narrator', principal: 'persona', messages: prompt('Night falls.') }),
    );
    expect(missingText.message).toBe(
      `narrator: the call does not match script entry ${fixture}:2:3 (narrator entry 1 of 2): ` +
        'expected the prompt to contain "The stranger enters"; the prompt ends with "Night falls."',
    );

    const oneOfTwo = await failureOf(
      provider.generateObject({
        stage: 'npc_intent',
        principal: 'mira',
        messages: prompt('the stranger waits'),
        schema: intent,
        schemaName: 'i',
      }),
    );
    expect(oneOfTwo.message).toContain(
      `${fixture}:8:3 (npc_intent entry 1 of 1): expected the prompt to contain "tavern"`,
    );
  });

  it('fails with script_exhausted when a stage has no entry left', async () => {
    const provider = await createScriptedProvider({ file: fixture });
    const none = await failureOf(provider.generateText({ stage: 'chronicler', messages: prompt('Summarise.') }));
    expect(none.kind).toBe('script_exhausted');
    expect(none.message).toBe(
      'chronicler: no scripted entry left for this stage: the script has no entry for this stage; ' +
        'the call had principal none and a prompt ending with "Summarise."',
    );

    await provider.generateText({ stage: 'narrator', principal: 'persona', messages: prompt('The stranger enters') });
    await provider.generateText({ stage: 'narrator', principal: 'mira', messages: prompt('Mira') });
    const used = await failureOf(
      provider.generateText({ stage: 'narrator', principal: 'mira', messages: prompt('Mira again') }),
    );
    expect(used.message).toContain(`all 2 were used (${fixture}:2:3, ${fixture}:15:3)`);
  });

  it('assertExhausted lists the unused entries per stage', async () => {
    const provider = await createScriptedProvider({ file: fixture });
    await provider.generateText({ stage: 'narrator', principal: 'persona', messages: prompt('The stranger enters') });
    const error = (() => {
      try {
        provider.assertExhausted();
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(LlmError);
    expect(String(error)).toBe(
      [
        'LlmError: the script was not used up: 3 entries left',
        `  narrator: ${fixture}:15:3`,
        `  npc_intent: ${fixture}:8:3`,
        `  lore_extractor: ${fixture}:19:3`,
      ].join('\n'),
    );
  });

  it('injects the error an entry names, with its message', async () => {
    const provider = await createScriptedProvider({ file: fixture });
    const error = await failureOf(provider.generateText({ stage: 'lore_extractor', messages: prompt('Round text') }));
    expect(error).toMatchObject({
      kind: 'provider',
      stage: 'lore_extractor',
      message: 'lore_extractor: the fixture makes the lore extractor fail',
    });
  });
});
