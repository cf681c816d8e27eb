import { CCardLib } from '@risuai/ccardlib';
import { v2 as characterCardV2 } from 'character-card-utils';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKFILL_NOTE } from '../../../engine/pack/export/character-to-card.ts';
import { exportCharacterCard } from '../../../engine/pack/export/index.ts';
import { importFile, readImportSource } from '../../../engine/pack/import/index.ts';
import { decodeBase64 } from '../../../engine/pack/import/json-text.ts';
import { pngTextChunks, readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { V1_CARD, V2_CARD, V3_CARD } from './cards.ts';
import { APP_VERSION, SHARED_CARDS, base64Json, pngCard, tempDir, writeTemp } from './fixtures.ts';

interface ExportedCard {
  readonly spec: string;
  readonly data: Record<string, unknown>;
}

/** Imports a card into a new pack and exports its character: both chunks, parsed. */
async function exported(file: string, modifiedAt?: number): Promise<{ chara: ExportedCard; ccv3: ExportedCard }> {
  const dir = path.join(await tempDir(), 'pack');
  const summary = await importFile(file, { into: dir, appVersion: APP_VERSION });
  const id = summary.character?.id ?? '';
  const png = await exportCharacterCard(dir, id, APP_VERSION, modifiedAt === undefined ? {} : { modifiedAt });
  const texts = pngTextChunks(readPngChunks(png));
  const parse = (keyword: string): ExportedCard =>
    JSON.parse(Buffer.from(decodeBase64(texts.get(keyword) ?? '', keyword)).toString('utf8')) as ExportedCard;
  return { chara: parse('chara'), ccv3: parse('ccv3') };
}

const REAL = [
  'sillytavern-seraphina-v2.png',
  'prolix-cipher-v3-ccv3only.png',
  'chub-beepboop-v3.json',
  'risu-westia-v3.json',
].map((name) => path.join(SHARED_CARDS, name));

async function builtCards(): Promise<string[]> {
  return [
    await writeTemp('v1.json', JSON.stringify(V1_CARD)),
    await writeTemp('v2.json', JSON.stringify(V2_CARD)),
    await writeTemp('v3.png', pngCard({ ccv3: base64Json(V3_CARD) })),
    // A PNG with both chunks: the V3 one is read (SPEC_V3), the V2 one only a fallback.
    await writeTemp('both.png', pngCard({ chara: base64Json(V2_CARD), ccv3: base64Json(V3_CARD) })),
  ];
}

describe('exported cards, checked by the spec authors’ own readers', () => {
  it('pass @risuai/ccardlib as V3 and character-card-utils as V2, for cards built in code', async () => {
    for (const file of await builtCards()) {
      const { chara, ccv3 } = await exported(file);
      expect(CCardLib.character.check(ccv3), file).toBe('v3');
      expect(CCardLib.character.check(chara), file).toBe('v2');
      const parsed = characterCardV2.safeParse(chara);
      expect(parsed.success, `${file}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
  });

  it.skipIf(!REAL.every((file) => existsSync(file)))(
    'pass both readers for the real files of ../shared/fixtures/cards',
    async () => {
      for (const file of REAL) {
        const { chara, ccv3 } = await exported(file);
        expect(CCardLib.character.check(ccv3), file).toBe('v3');
        const parsed = characterCardV2.safeParse(chara);
        expect(parsed.success, `${file}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
        // Decorators are RisuAI's: the V2 copy has none left, the V3 one keeps them.
        expect(JSON.stringify(chara.data.character_book ?? {})).not.toMatch(/"@@/u);
      }
    },
  );

  it('follow the V3 SHOULDs: a backfill note, use_regex on entries, decorators trimmed, the date updated', async () => {
    const decorated = {
      ...V3_CARD,
      data: {
        ...V3_CARD.data,
        character_book: {
          ...V3_CARD.data.character_book,
          entries: [
            { keys: ['bell'], content: '@@depth 0\nThe bell rings at dusk.', enabled: true, insertion_order: 1 },
          ],
        },
      },
    };
    const { chara, ccv3 } = await exported(
      await writeTemp('d.png', pngCard({ ccv3: base64Json(decorated) })),
      1800000000,
    );
    expect(chara.data.creator_notes).toBe(`${V3_CARD.data.creator_notes}\n\n${BACKFILL_NOTE}`);
    expect(ccv3.data.creator_notes).toBe(V3_CARD.data.creator_notes);
    expect(ccv3.data.modification_date).toBe(1800000000);
    expect(ccv3.data.creation_date).toBe(V3_CARD.data.creation_date);
    expect(ccv3.data.character_book).toMatchObject({
      entries: [{ content: '@@depth 0\nThe bell rings at dusk.', use_regex: false, extensions: {} }],
    });
    expect(chara.data.character_book).toMatchObject({ entries: [{ content: 'The bell rings at dusk.' }] });
  });

  it("puts a V1 card's app data (avatar, chat, dates) under extensions, not among the card fields", async () => {
    const v1 = { ...V1_CARD, avatar: 'none', chat: 'Old Tom - 2023', create_date: '2023-5-1', last_mes: '' };
    const { chara } = await exported(await writeTemp('v1.json', JSON.stringify(v1)));
    expect(chara.data).toMatchObject(V1_CARD);
    expect(chara.data).not.toHaveProperty('avatar');
    expect(chara.data.extensions).toEqual({
      avatar: 'none',
      chat: 'Old Tom - 2023',
      create_date: '2023-5-1',
      last_mes: '',
    });
    expect(characterCardV2.safeParse(chara).success).toBe(true);
  });

  it('refuses a WebP card as an unsupported format, not as bad text', () => {
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
    expect(() => readImportSource(webp, 'card.webp')).toThrow(/card\.webp is a WEBP image: an unsupported format/u);
  });
});
