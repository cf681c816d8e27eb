import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasMacros } from '../../../engine/prompts/index.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { SHARED_CARDS } from '../../unit/import/fixtures.ts';

const CHUB = path.join(SHARED_CARDS, 'chub-beepboop-v3.json');
const RISU = path.join(SHARED_CARDS, 'risu-westia-v3.json');
const present = existsSync(CHUB) && existsSync(RISU);
if (!present) console.warn(`skipping cards in play: ${SHARED_CARDS} is not here (a user's clone has none)`);

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

interface CardData {
  readonly name: string;
  readonly first_mes: string;
  readonly alternate_greetings: readonly string[];
  readonly system_prompt: string;
  readonly post_history_instructions: string;
}

async function cardData(file: string): Promise<CardData> {
  const card = JSON.parse(await readFile(file, 'utf8')) as { data: CardData };
  return card.data;
}

/** Imports a real card into a new pack, opens a game on a greeting and plays one turn with the instant provider. */
async function playCard(file: string, greeting: number) {
  setup = await startPlay(async () => createInstantProvider());
  const api = setup.api;
  const contentBase64 = (await readFile(file)).toString('base64');
  const imported = unwrap(
    await api['packs.import']({ fileName: path.basename(file), contentBase64, into: { newPack: 'Card story' } }),
  );
  const pack = unwrap(await api['packs.list']()).find((candidate) => candidate.id === imported.packId);
  const save = unwrap(await api['saves.create']({ packId: imported.packId, greeting }));
  const opened = unwrap(await api['saves.open']({ id: save.id, lastMessages: 50 }));
  const played = unwrap(await api['play.submit']({ saveId: save.id, text: 'I look around the room.', thought: null }));
  if (played.kind !== 'turn') throw new Error(`the turn did not play: ${JSON.stringify(played)}`);
  unwrap(await api['play.settle']({ saveId: save.id }));
  const turns = unwrap(await api['saves.turns']({ id: save.id }));
  const calls = (
    await Promise.all(
      turns.map(async (turn) => unwrap(await api['saves.stageCalls']({ id: save.id, turnId: turn.id }))),
    )
  ).flat();
  return { imported, pack, save, opened, calls };
}

describe.skipIf(!present)('a real card in play (../shared/fixtures/cards)', () => {
  it('opens on the chosen greeting and plays a turn whose prompts hold no {{char}} or {{user}}', async () => {
    const data = await cardData(CHUB);
    // An alternate greeting that speaks of {{user}}: greeting 0 is first_mes, 1… the alternates.
    const alternate = data.alternate_greetings.findIndex((text) => /\{\{user\}\}/iu.test(text));
    expect(alternate).toBeGreaterThanOrEqual(0);
    const { pack, opened, calls } = await playCard(CHUB, alternate + 1);
    expect(pack?.greetings).toHaveLength(1 + data.alternate_greetings.length);
    const greeting = opened.messages.find((message) => message.type === 'narration');
    expect(greeting?.turn).toBe(1);
    // Its macros filled: the persona is "You", the character its name.
    const expected = String(data.alternate_greetings[alternate]).trim();
    expect(greeting?.content).toBe(expected.replace(/\{\{user\}\}/giu, 'You').replace(/\{\{char\}\}/giu, data.name));
    expect(calls.length).toBeGreaterThan(3);
    for (const call of calls)
      for (const message of call.prompt)
        expect(hasMacros(message.content), `${call.stage}: ${message.content}`).toBe(false);
    // The greeting is part of the story the next turn's Narrator reads.
    const narrator = calls.find((call) => call.stage === 'narrator');
    expect(narrator?.prompt.map((message) => message.content).join('\n')).toContain(expected.slice(0, 40));
  });

  it("gives a card's system prompt to its own dialog stage and no other principal's prompt", async () => {
    const data = await cardData(CHUB);
    const { calls, imported } = await playCard(CHUB, 0);
    // {{original}} stands for nothing here: Storyloom's own instructions stay, the card's come after them.
    const instruction = data.system_prompt.replace('{{original}}', '').trim().split('\n')[0] ?? '';
    expect(instruction.length).toBeGreaterThan(20);
    const holding = calls.filter((call) => call.prompt.some((message) => message.content.includes(instruction)));
    expect(holding.length).toBeGreaterThan(0);
    for (const call of holding) {
      expect(call.stage).toBe('character_dialog');
      expect(call.principal).toBe(imported.character?.id);
    }
  });

  it("ends its own dialog prompt with a RisuAI card's post-history instructions, macros filled", async () => {
    const data = await cardData(RISU);
    const { calls, imported } = await playCard(RISU, 0);
    const dialog = calls.find((call) => call.stage === 'character_dialog');
    expect(dialog?.principal).toBe(imported.character?.id);
    const last = dialog?.prompt.at(-1)?.content ?? '';
    expect(last.trimEnd().endsWith(data.post_history_instructions.trim().split('\n').at(-1)?.trim() ?? '?')).toBe(true);
    for (const call of calls.filter((candidate) => candidate.stage !== 'character_dialog'))
      for (const message of call.prompt)
        expect(message.content).not.toContain(data.post_history_instructions.slice(0, 60));
    for (const call of calls) for (const message of call.prompt) expect(hasMacros(message.content)).toBe(false);
  });
});
