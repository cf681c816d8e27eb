import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { importFile } from '../../../engine/pack/import/index.ts';
import { decoratorSettings, parseDecorators } from '../../../engine/pack/import/decorators.ts';
import { readCharacterBook } from '../../../engine/pack/import/lorebook.ts';
import { APP_VERSION, SHARED_CARDS, tempDir } from './fixtures.ts';

const RISU = path.join(SHARED_CARDS, 'risu-westia-v3.json');

describe('RisuAI decorators in lorebook entries', () => {
  it('are parsed from the start of the content and trimmed from the text', () => {
    const { decorators, text } = parseDecorators(
      '@@depth 0\n@@role system\n@@@position after_desc\n\nThe lore itself.',
    );
    expect(decorators.map((decorator) => [decorator.name, decorator.args])).toEqual([
      ['depth', ['0']],
      ['role', ['system']],
      ['position', ['after_desc']],
    ]);
    expect(text).toBe('The lore itself.');
    // Only leading lines are decorators; an @@ later on is text.
    expect(parseDecorators('Text first\n@@depth 2').decorators).toEqual([]);
  });

  it('map onto the World Info settings they mean, and say when an entry never or always activates', () => {
    const { decorators } = parseDecorators('@@depth 1\n@@probability 40\n@@dont_activate\n@@unknown_thing x\nText');
    expect(decoratorSettings(decorators)).toEqual({
      settings: {
        depth: 1,
        probability: 40,
        useProbability: true,
        decorators: ['@@depth 1', '@@probability 40', '@@dont_activate', '@@unknown_thing x'],
      },
      disabled: true,
      constant: false,
    });
    const book = readCharacterBook(
      { entries: [{ keys: ['a'], content: '@@activate\n@@depth 0\nAlways.', enabled: true }] },
      'the book',
    );
    expect(book.entries[0]).toMatchObject({ content: 'Always.', constant: true, settings: { depth: 0 } });
  });

  it.skipIf(!existsSync(RISU))(
    'never reach lore.yaml from the real RisuAI card (../shared/fixtures/cards)',
    async () => {
      const card = JSON.parse(await readFile(RISU, 'utf8')) as { data: { character_book: { entries: unknown[] } } };
      const decorated = JSON.stringify(card.data.character_book).match(/@@depth/gu)?.length ?? 0;
      expect(decorated).toBeGreaterThan(5);
      const dir = path.join(await tempDir(), 'westia');
      await importFile(RISU, { into: dir, appVersion: APP_VERSION });
      const { pack } = await loadPack(dir, { appVersion: APP_VERSION });
      expect(pack?.lore.length).toBeGreaterThan(0);
      for (const entry of pack?.lore ?? []) expect(entry.content).not.toMatch(/^@@/mu);
      const withDepth = (pack?.lore ?? []).filter((entry) => typeof entry.extensions.depth === 'number');
      expect(withDepth.length).toBe(decorated);
    },
  );
});
