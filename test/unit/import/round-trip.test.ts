import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportCharacterCard } from '../../../engine/pack/export/index.ts';
import { BACKFILL_NOTE } from '../../../engine/pack/export/character-to-card.ts';
import { loadPack } from '../../../engine/pack/index.ts';
import { importFile } from '../../../engine/pack/import/index.ts';
import { decodeBase64 } from '../../../engine/pack/import/json-text.ts';
import { pngTextChunks, readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { V1_CARD, V2_CARD, V3_CARD } from './cards.ts';
import { APP_VERSION, base64Json, pngCard, tempDir, writeTemp } from './fixtures.ts';

/** Imports `file` into a new pack and exports the character again; both card chunks, parsed. */
async function roundTrip(
  file: string,
  id: string,
): Promise<{ chara: unknown; ccv3: unknown; png: Uint8Array; dir: string }> {
  const dir = path.join(await tempDir(), 'pack');
  await importFile(file, { into: dir, appVersion: APP_VERSION });
  const png = await exportCharacterCard(dir, id, APP_VERSION);
  const texts = pngTextChunks(readPngChunks(png));
  const parse = (keyword: string): unknown =>
    JSON.parse(Buffer.from(decodeBase64(texts.get(keyword) ?? '', keyword)).toString('utf8'));
  return { chara: parse('chara'), ccv3: parse('ccv3'), png, dir };
}

/** What the V2 backfill adds to a card's data: the note saying it is one. */
function backfilled<T extends { creator_notes: string }>(data: T): T {
  return { ...data, creator_notes: `${data.creator_notes}\n\n${BACKFILL_NOTE}` };
}

/** What V3 requires of a book's entries that V2 did not: `use_regex` (false, as V2 keys are plain words). */
function v3Book<T extends { character_book: { entries: readonly object[] } }>(data: T): T {
  const entries = data.character_book.entries.map((entry) => ({ ...entry, use_regex: false }));
  return { ...data, character_book: { ...data.character_book, entries } };
}

describe('card → pack → card', () => {
  it('keeps every field and extension of a V2 card, in both chunks (adding what each spec requires)', async () => {
    const { chara, ccv3 } = await roundTrip(await writeTemp('mara.json', JSON.stringify(V2_CARD)), 'mara-quill');
    expect(chara).toEqual({ ...V2_CARD, data: backfilled(V2_CARD.data) });
    expect(ccv3).toEqual({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: v3Book({ ...V2_CARD.data, group_only_greetings: [] }),
    });
  });

  it('keeps every field of a V3 card; the V2 chunk leaves out only the V3-only fields', async () => {
    const png = pngCard({ ccv3: base64Json(V3_CARD) });
    const { ccv3, chara } = await roundTrip(await writeTemp('mara.png', png), 'mara-quill-v3');
    expect(ccv3).toEqual({ ...V3_CARD, data: v3Book(V3_CARD.data) });
    const {
      nickname,
      creator_notes_multilingual,
      source,
      group_only_greetings,
      creation_date,
      modification_date,
      assets,
      ...v2
    } = V3_CARD.data;
    expect([
      nickname,
      creator_notes_multilingual,
      source,
      group_only_greetings,
      creation_date,
      modification_date,
      assets,
    ]).toHaveLength(7);
    expect(chara).toEqual({ spec: 'chara_card_v2', spec_version: '2.0', data: backfilled(v2) });
  });

  it('gives a V1 card back as V2 with every V1 field', async () => {
    const { chara } = await roundTrip(await writeTemp('tom.json', JSON.stringify(V1_CARD)), 'old-tom');
    expect(chara).toMatchObject({ spec: 'chara_card_v2', data: V1_CARD });
  });

  it('exports the pack’s edits, and a generated plain PNG when there is no portrait', async () => {
    const dir = path.join(await tempDir(), 'pack');
    await importFile(await writeTemp('mara.json', JSON.stringify(V2_CARD)), { into: dir, appVersion: APP_VERSION });
    const file = path.join(dir, 'characters/mara-quill.yaml');
    const text = await readFile(file, 'utf8');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, text.replace('A weathered harbourmaster.', 'A retired harbourmaster.'));
    expect((await loadPack(dir, { appVersion: APP_VERSION })).pack).not.toBeNull();
    const png = await exportCharacterCard(dir, 'mara-quill', APP_VERSION);
    const chunks = readPngChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'tEXt', 'IEND']);
    const card: unknown = JSON.parse(
      Buffer.from(decodeBase64(pngTextChunks(chunks).get('chara') ?? '', 'chara')).toString(),
    );
    expect(card).toMatchObject({ data: { description: 'A retired harbourmaster.' } });
  });

  it('exports a card a second import reads back to the same character', async () => {
    const first = await roundTrip(await writeTemp('mara.png', pngCard({ ccv3: base64Json(V3_CARD) })), 'mara-quill-v3');
    const second = await roundTrip(await writeTemp('again.png', first.png), 'mara-quill-v3');
    expect(second.ccv3).toEqual(first.ccv3);
    expect(second.chara).toEqual(first.chara);
  });
});
