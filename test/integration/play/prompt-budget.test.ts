import { beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens, type LlmMessage } from '../../../engine/llm/index.ts';
import type { LoreEntry, StoryPack } from '../../../engine/pack/index.ts';
import { PromptBook, type PromptContext } from '../../../engine/prompts/index.ts';
import { promptBudget, truncateToFit, type PromptBudget } from '../../../engine/stage-call/index.ts';
import type { StreamEntry } from '../../../engine/stream/index.ts';
import { initialPlayState, type PlayState } from '../../../engine/turn/index.ts';
import { MIN_HISTORY_MESSAGES, shrinkPrompt } from '../../../engine/turn/fit-prompt.ts';
import { characterVariables, promptContext } from '../../../engine/turn/prompt-view.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { lanternQuay, PERSONA } from '../../support/packs.ts';

const book = PromptBook.create().book;
const KIT = 'kit-wickett';
const render = (context: PromptContext): LlmMessage[] => book.render('narrator', context);
let pack: StoryPack;
let state: PlayState;

const constant: LoreEntry = {
  id: 'law',
  key: 'law',
  aliases: [],
  content: 'CONSTANT-LORE: no lamp burns past midnight.',
  audience: 'world',
  tags: [],
  secondaryKeys: [],
  selectiveLogic: 'and_any',
  constant: true,
  order: 1,
  disabled: false,
  extensions: {},
};

beforeAll(async () => {
  pack = { ...(await lanternQuay()), lore: [constant] };
  state = initialPlayState(pack, PERSONA);
});

/** A Narrator prompt with every droppable part filled: 40 messages, a journal, memories and a retrieved tier. */
function narratorContext(): PromptContext {
  const stream: StreamEntry[] = Array.from({ length: 40 }, (_, i) => ({
    turn: 1,
    seq: i + 1,
    owner: 'narrator',
    type: 'narration',
    content: `HISTORY-${i + 1}: the tide comes in over the stones of the quay once more.`,
    mood: null,
    meta: null,
  }));
  const request = { stage: 'narrator', principal: 'narrator', cursor: { turn: 2, roundStartSeq: 1 } } as const;
  const base = promptContext({ pack, state, personaId: PERSONA, stream, request });
  const numbered = (label: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) => `- ${label}-${i + 1}: a line of some twelve words that the prompt carries.`,
    ).join('\n');
  return {
    ...base,
    intention: { owner_name: 'Sam Fairweather', content: 'I wait.' },
    guidance: { ...base.guidance, retrieved: numbered('RETRIEVED', 10) },
    knowledge: { world: numbered('WORLD-MEMORY', 6), own: '' },
    journal: { earlier: numbered('JOURNAL', 6) },
  };
}

/** A budget of `limit` prompt tokens counted with the estimate (as for a remote model). */
function budgetOf(limit: number): PromptBudget {
  const count = async (messages: readonly LlmMessage[]) =>
    messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  return { context: limit * 2, reserved: limit, limit, count };
}

async function tokensOf(context: PromptContext): Promise<number> {
  return budgetOf(0).count(render(context));
}

describe('a prompt over its budget', () => {
  it('is left whole when it fits', async () => {
    const context = narratorContext();
    const fitted = await shrinkPrompt('narrator', context, render, budgetOf(await tokensOf(context)));
    expect(fitted.trimmed).toEqual([]);
    expect(fitted.messages).toEqual(render(context));
  });

  it('drops the retrieved tier’s lowest-ranked lines first, and nothing else when that is enough', async () => {
    const context = narratorContext();
    const fitted = await shrinkPrompt('narrator', context, render, budgetOf((await tokensOf(context)) - 30));
    const text = fitted.messages.map((m) => m.content).join('\n');
    expect(fitted.trimmed).toEqual([expect.stringMatching(/^retrieved context: [1-9] of 10 lines$/u)]);
    expect(text).toContain('RETRIEVED-1:');
    expect(text).not.toContain('RETRIEVED-10:');
    expect(text).toContain('WORLD-MEMORY-6:');
  });

  it('lists the standing lines first, and still drops the lowest-ranked lines first, wherever the prompt lists them', async () => {
    const base = narratorContext();
    // RETRIEVED-10 (the lowest-ranked) stood before the input, so the prompt lists it first.
    const standing = ['- RETRIEVED-10: a line of some twelve words that the prompt carries.'];
    const context = { ...base, guidance: { ...base.guidance, standing } };
    const whole = render(context)
      .map((m) => m.content)
      .join('\n');
    expect(whole.indexOf('RETRIEVED-10:')).toBeLessThan(whole.indexOf('RETRIEVED-1:'));
    const fitted = await shrinkPrompt('narrator', context, render, budgetOf((await tokensOf(context)) - 30));
    const text = fitted.messages.map((m) => m.content).join('\n');
    expect(text).toContain('RETRIEVED-1:');
    expect(text).not.toContain('RETRIEVED-10:');
  });

  it('then memories, the journal oldest first, older history down to the minimum window, constant lore last', async () => {
    const context = narratorContext();
    const full = await tokensOf(context);
    const order = async (limit: number) => (await shrinkPrompt('narrator', context, render, budgetOf(limit))).trimmed;
    // Which parts lost something, in the order they did (a part may be cut more than once).
    const parts = (trimmed: readonly string[]) => [...new Set(trimmed.map((line) => line.split(':')[0]))];
    expect(parts(await order(full - 200))).toEqual(['retrieved context', 'world memories']);
    // Room for the fixed parts and a little more history than the minimum window.
    const fixed = await tokensOf({
      ...context,
      guidance: { ...context.guidance, retrieved: '' },
      knowledge: { world: '', own: '' },
      journal: { earlier: '' },
      history: context.history.slice(-MIN_HISTORY_MESSAGES - 4),
    });
    const tight = await shrinkPrompt('narrator', context, render, budgetOf(fixed));
    expect(parts(tight.trimmed)).toEqual(['retrieved context', 'world memories', 'journal', 'history']);
    const text = tight.messages.map((m) => m.content).join('\n');
    expect(text).toContain('HISTORY-40:');
    expect(text).toContain('CONSTANT-LORE');
    expect(await budgetOf(0).count(tight.messages)).toBeLessThanOrEqual(fixed);
    const tiny = await shrinkPrompt('narrator', context, render, budgetOf(10));
    expect(parts(tiny.trimmed)).toEqual(['retrieved context', 'world memories', 'journal', 'history', 'constant lore']);
    const kept =
      tiny.messages
        .map((m) => m.content)
        .join('\n')
        .match(/HISTORY-\d+:/gu) ?? [];
    expect(kept).toHaveLength(MIN_HISTORY_MESSAGES);
  });

  it('in a character’s prompt, loses the lore its turn recalled after its other lore, the latest line’s first', async () => {
    const request = { stage: 'npc_intent', principal: KIT, cursor: { turn: 2, roundStartSeq: 1 } } as const;
    const stream: StreamEntry[] = ['The tide turns.', 'A bell rings.', 'The door shuts.'].map((content, i) => ({
      turn: 2,
      seq: i + 1,
      owner: 'narrator',
      type: 'narration',
      content,
      mood: null,
      meta: null,
    }));
    const base = promptContext(
      { pack, state, personaId: PERSONA, stream, request },
      { char: characterVariables(pack, state, request, KIT) },
    );
    const recalls = [
      '- RECALL-1: a line of some twelve words that the prompt carries.',
      undefined,
      '- RECALL-3: ditto.',
    ];
    const msgs = base.msgs.map((message, i) => {
      const recalled = recalls[i];
      return recalled === undefined ? message : { ...message, recalls: recalled };
    });
    const context = { ...base, msgs, history: msgs, lore: { text: '- HELD: the quay floods.', learned: '' } };
    const character = (c: PromptContext) => book.render('npc_intent', c);
    const full = await budgetOf(0).count(character(context));
    const text = (limit: number) =>
      shrinkPrompt('npc_intent', context, character, budgetOf(limit)).then((fitted) => ({
        trimmed: fitted.trimmed,
        text: fitted.messages.map((m) => m.content).join('\n'),
      }));
    expect((await text(full)).text).toMatch(/HELD[\s\S]*The tide turns\.\nWhat this brings to mind:\n- RECALL-1/u);
    const cut = await text(full - 16);
    expect(cut.trimmed).toEqual(['lore: 1 of 1 lines', 'lore the turn recalled: after 1 of 2 lines']);
    expect(cut.text).toContain('RECALL-1:');
    expect(cut.text).not.toContain('RECALL-3:');
  });

  it('as a last resort loses the middle of its longest message, so the call is never refused for length', async () => {
    const messages = [
      { role: 'system', content: `START ${'filler '.repeat(3000)} END` },
      { role: 'user', content: 'The intention.' },
    ] as const;
    // A model with a 1,024-token context, counted with the estimate (the instant provider has no tokenizer).
    const budget = promptBudget({ ...createInstantProvider(), contextTokens: 1024 }, 200);
    const fitted = await truncateToFit(messages, budget);
    expect(await budget.count(fitted.messages)).toBeLessThanOrEqual(budget.limit);
    expect(fitted.messages[0]?.content).toMatch(/^START [\s\S]*\n\[…\]\n[\s\S]* END$/u);
    expect(fitted.messages[1]?.content).toBe('The intention.');
    expect(fitted.trimmed[0]).toMatch(/^cut \d+ characters from the middle of the system message$/u);
  });
});
