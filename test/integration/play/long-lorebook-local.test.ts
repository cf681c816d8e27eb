import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalProvider } from '../../../engine/llm/local/index.ts';
import { TRIM_NOTE_ROLE } from '../../../engine/stage-call/index.ts';
import { unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';
import { startTinyPlay } from '../../support/tiny-play.ts';
import { V2_DATA } from '../../unit/import/cards.ts';

// Issue 13's failing case, on a real GGUF model: a community card whose lorebook alone is ~60k tokens used to put all
// of it in every Narrator prompt, so every turn failed with "the prompt has N tokens; the context holds M". Now lore
// is activated by its keys, budgeted, and every prompt fits the context node-llama-cpp allocated.
const CONTEXT = 2048;
const SEED = 2;
const ENTRIES = 250;
const WORDS_PER_ENTRY = 180;

/** A card whose book holds ~60k tokens: many entries share the words a first turn uses, a few are constant. */
function longCard() {
  const filler = (i: number) => Array.from({ length: WORDS_PER_ENTRY }, (_, w) => `lore${i}w${w % 40}`).join(' ');
  const entries = Array.from({ length: ENTRIES }, (_, i) => ({
    keys: i % 2 === 0 ? ['harbour', `place ${i}`] : [`place ${i}`],
    content: `Entry ${i}. ${filler(i)}`,
    enabled: true,
    insertion_order: i,
    constant: i % 50 === 0,
    extensions: {},
  }));
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: { ...V2_DATA, name: 'Long Book Keeper', character_book: { name: 'The Long Book', entries } },
  };
}

let provider: LocalProvider;
let setup: PlaySetup;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ provider, setup, cleanup } = await startTinyPlay(SEED, CONTEXT));
}, 120_000);

afterAll(() => cleanup());

describe('a pack with a 60k-token lorebook on the local tiny model', () => {
  it('plays a turn with every prompt within the context, what was dropped logged', async () => {
    expect(provider.contextTokens).toBe(CONTEXT);
    const imported = unwrap(
      await setup.api['packs.import']({
        fileName: 'long.json',
        contentBase64: Buffer.from(JSON.stringify(longCard())).toString('base64'),
        into: { newPack: 'Long Book' },
      }),
    );
    const bookTokens = await provider.countTokens(
      longCard()
        .data.character_book.entries.map((e) => e.content)
        .join('\n'),
    );
    expect(bookTokens).toBeGreaterThan(60_000);
    const save = unwrap(await setup.api['saves.create']({ packId: imported.packId, seed: 1 }));
    const result = unwrap(
      await setup.api['play.submit']({ saveId: save.id, text: 'I walk down to the harbour and look at place 3.' }),
    );
    const store = await openTestSave(path.join(setup.home, 'saves', save.id));
    const turnId = store.turns()[0]?.id;
    const calls = turnId === undefined ? [] : store.stageCalls(turnId);
    store.close();
    // Whatever the random-weight model writes, no stage failed for length.
    expect(JSON.stringify(result)).not.toMatch(/the context holds|tokens; the context/u);
    expect(result, JSON.stringify(result)).toMatchObject({ kind: 'turn', turn: 1 });
    const narrator = calls.filter((call) => call.stage === 'narrator');
    expect(narrator.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.promptTokens ?? 0).toBeLessThanOrEqual(CONTEXT);
    // The Narrator's budget on this small context (less its 1,200-token answer) forced cuts: each is in the log.
    const notes = narrator.flatMap((call) => call.prompt.filter((message) => message.role === TRIM_NOTE_ROLE));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]?.content).toMatch(/^to fit \d+ of 2048 tokens:\n/u);
    const prompt = narrator[0]?.prompt.map((message) => message.content).join('\n') ?? '';
    expect(prompt).not.toContain('Entry 249.');
  });
});
