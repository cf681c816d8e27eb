import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportCharacterCard } from '../../../engine/pack/export/index.ts';
import { BACKFILL_NOTE } from '../../../engine/pack/export/character-to-card.ts';
import { loadPack } from '../../../engine/pack/index.ts';
import { importFile, readImportSource } from '../../../engine/pack/import/index.ts';
import { decodeBase64, isRecord } from '../../../engine/pack/import/json-text.ts';
import { pngTextChunks, readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { APP_VERSION, SHARED_CARDS, tempDir } from './fixtures.ts';

const SERAPHINA = path.join(SHARED_CARDS, 'sillytavern-seraphina-v2.png');
const ELDORIA = path.join(SHARED_CARDS, 'sillytavern-eldoria-worldinfo.json');
const present = existsSync(SERAPHINA) && existsSync(ELDORIA);
if (!present)
  console.warn(`skipping the real SillyTavern files: ${SHARED_CARDS} is not here (a user's clone has none)`);

/** The card JSON inside the PNG, read independently of the importer's card code. */
async function seraphinaCard(): Promise<{ data: Record<string, unknown> }> {
  const chunks = readPngChunks(await readFile(SERAPHINA));
  const card: unknown = JSON.parse(
    Buffer.from(decodeBase64(pngTextChunks(chunks).get('chara') ?? '', 'chara')).toString('utf8'),
  );
  if (!isRecord(card) || !isRecord(card.data)) throw new Error('Seraphina’s PNG holds no V2 card');
  return { data: card.data };
}

describe.skipIf(!present)('the real SillyTavern files (../shared/fixtures/cards)', () => {
  it('imports Seraphina with every field, her book as world lore, her portrait', async () => {
    const { data } = await seraphinaCard();
    const dir = path.join(await tempDir(), 'eldoria');
    const summary = await importFile(SERAPHINA, { into: dir, appVersion: APP_VERSION });
    expect(summary).toMatchObject({ format: 'PNG card V2', character: { id: 'seraphina', name: 'Seraphina' } });
    expect(summary.lore).toEqual(['eldoria', 'shadowfang', 'glade', 'power']);
    const { pack } = await loadPack(dir, { appVersion: APP_VERSION });
    const seraphina = pack?.characters[0];
    expect(seraphina).toMatchObject({
      id: 'seraphina',
      name: 'Seraphina',
      description: String(data.description).replace(/\r\n?/gu, '\n').trim(),
      personality: '',
      voice: { examples: [] },
      chattiness: 50,
    });
    expect(seraphina?.extensions).toMatchObject({ talkativeness: '0.5', fav: false, world: 'Eldoria' });
    expect(seraphina?.extensions.storyloom_card).toMatchObject({
      first_mes: data.first_mes,
      scenario: '',
      creator_notes: 'ST Default Bot contest winner: roleplay bots category',
      creator: 'OtisAlejandro',
      character_version: '1.0.0',
      alternate_greetings: [],
      tags: [],
      character_book: data.character_book,
    });
    expect(pack?.lore.every((entry) => entry.audience === 'world' && entry.tags[0] === 'Eldoria')).toBe(true);
    expect(pack?.lore[0]).toMatchObject({ key: 'eldoria', aliases: ['wood', 'forest', 'magical forest'] });
    expect(existsSync(path.join(dir, 'images/seraphina.png'))).toBe(true);
    // And back: the exported card's data is the original's, field for field, with what V2 requires and its book
    // lacked (the book's `extensions`) and the note that says it is the backfill of a V3 card.
    const png = await exportCharacterCard(dir, 'seraphina', APP_VERSION);
    const exported: unknown = JSON.parse(
      Buffer.from(decodeBase64(pngTextChunks(readPngChunks(png)).get('chara') ?? '', 'chara')).toString(),
    );
    const book = isRecord(data.character_book) ? data.character_book : {};
    expect(exported).toEqual({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        ...data,
        character_book: { ...book, extensions: {} },
        creator_notes: `${String(data.creator_notes)}\n\n${BACKFILL_NOTE}`,
      },
    });
  });

  it('reads the Eldoria World Info, every entry and setting', async () => {
    const raw: unknown = JSON.parse(await readFile(ELDORIA, 'utf8'));
    if (!isRecord(raw) || !isRecord(raw.entries)) throw new Error('Eldoria.json has no entries');
    const source = readImportSource(await readFile(ELDORIA), 'Eldoria.json');
    if (source.kind !== 'lorebook') throw new Error('expected a lorebook');
    const expected = Object.values(raw.entries)
      .filter(isRecord)
      .map((e) => {
        return {
          keys: e.key,
          secondaryKeys: e.keysecondary,
          content: e.content,
          comment: e.comment,
          name: '',
          constant: e.constant,
          selective: e.selective,
          selectiveLogic: 'and_any',
          order: e.order,
          enabled: e.disable !== true,
          caseSensitive: null,
          wholeWords: null,
          settings: { position: e.position },
        };
      });
    expect(source.lorebook.entries).toEqual(expected);
  });
});

const CARD_BOOKS = path.join(SHARED_CARDS, 'chub-beepboop-v3.json');
describe.skipIf(!existsSync(CARD_BOOKS))('a real chub card’s book (../shared/fixtures/cards)', () => {
  it('keeps every entry with content, none lost to a shared key', async () => {
    const raw: unknown = JSON.parse(await readFile(CARD_BOOKS, 'utf8'));
    if (!isRecord(raw) || !isRecord(raw.data) || !isRecord(raw.data.character_book)) throw new Error('no book');
    const entries = Array.isArray(raw.data.character_book.entries) ? raw.data.character_book.entries : [];
    const withContent = entries.filter((entry) => isRecord(entry) && String(entry.content).trim() !== '');
    const dir = path.join(await tempDir(), 'beep');
    const summary = await importFile(CARD_BOOKS, { into: dir, appVersion: APP_VERSION });
    const { pack } = await loadPack(dir, { appVersion: APP_VERSION });
    expect(summary.lore).toHaveLength(withContent.length);
    expect(pack?.lore).toHaveLength(withContent.length);
    expect(new Set(pack?.lore.map((entry) => entry.id)).size).toBe(withContent.length);
  });
});
