import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPack, WORLD_AUDIENCE } from '../../../engine/pack/index.ts';
import { importFile } from '../../../engine/pack/import/index.ts';
import { isPng, pngTextChunks, readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { V1_CARD, V2_CARD, V2_DATA, V3_CARD, UNKNOWN_EXTENSIONS } from './cards.ts';
import { APP_VERSION, base64Json, buildZip, pngCard, tempDir, writeTemp } from './fixtures.ts';

async function importInto(file: string, into?: string) {
  const dir = into ?? path.join(await tempDir(), 'harbour');
  const summary = await importFile(file, { into: dir, appVersion: APP_VERSION });
  const { pack, diagnostics } = await loadPack(dir, { appVersion: APP_VERSION });
  expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  if (pack === null) throw new Error('the pack did not load');
  return { dir, summary, pack };
}

describe('importing a character card', () => {
  it('makes a valid new pack from a V2 JSON card, mapping every field', async () => {
    const { summary, pack } = await importInto(await writeTemp('mara.json', JSON.stringify(V2_CARD)));
    expect(summary).toMatchObject({ format: 'JSON card V2', createdPack: true, character: { id: 'mara-quill' } });
    expect(pack.manifest.id).toBe('harbour');
    const mara = pack.characters.find((character) => character.id === 'mara-quill');
    expect(mara).toMatchObject({
      name: 'Mara Quill',
      description: 'A weathered harbourmaster.',
      personality: 'Dry, exact, kind underneath.',
      voice: { examples: ['{{user}}: Hello.\n{{char}}: "Hm."', '{{char}}: "Tide’s turning."'] },
      chattiness: 70,
      location: 'start',
    });
    const { character_book: book, name, description, personality, mes_example, extensions, ...kept } = V2_DATA;
    expect([name, description, personality, mes_example, extensions]).toHaveLength(5);
    expect(mara?.extensions).toMatchObject(UNKNOWN_EXTENSIONS);
    // Scenario, greetings, creator notes, tags … kept by their card names; the book whole.
    expect(mara?.extensions.storyloom_card).toEqual({ ...kept, character_book: book });
    // The description was trimmed: what was trimmed is kept for the export, not a second copy of the text.
    expect(mara?.extensions.storyloom_card_originals).toEqual({
      description: { lead: '', trail: '  ', crlf: false, of: expect.any(String) },
    });
  });

  it('turns the embedded character_book into lore: world, or the character’s own when marked secret', async () => {
    const { summary, pack } = await importInto(await writeTemp('mara.json', JSON.stringify(V2_CARD)));
    const common = { tags: ['Harbour Lore'], extensions: {} };
    expect(pack.lore).toEqual([
      {
        id: 'lighthouse',
        key: 'lighthouse',
        aliases: ['the light'],
        content: 'The lighthouse has been dark for a year.',
        audience: WORLD_AUDIENCE,
        secondaryKeys: ['dark', 'lamp'],
        selectiveLogic: 'and_all',
        constant: false,
        order: 50,
        disabled: false,
        ...common,
        // The card's own fields the lore schema has no home for are kept; case sensitivity has one.
        caseSensitive: false,
        extensions: { position: 'before_char', priority: 10, case_sensitive: false },
      },
      {
        id: 'debt',
        key: 'debt',
        aliases: [],
        content: 'Mara owes the smugglers forty crowns.',
        audience: 'mara-quill',
        secondaryKeys: [],
        selectiveLogic: 'and_any',
        constant: true,
        order: 100,
        disabled: false,
        ...common,
      },
      {
        id: 'old',
        key: 'old',
        aliases: [],
        content: 'An entry switched off.',
        audience: WORLD_AUDIENCE,
        secondaryKeys: [],
        selectiveLogic: 'and_any',
        constant: false,
        order: 100,
        disabled: true,
        ...common,
      },
    ]);
    expect(summary.skipped).toEqual([]);
  });

  it('reads a V1 JSON card', async () => {
    const { pack, summary } = await importInto(await writeTemp('tom.json', JSON.stringify(V1_CARD)));
    expect(summary.format).toBe('JSON card V1');
    expect(pack.characters[0]).toMatchObject({
      id: 'old-tom',
      name: 'Old Tom',
      description: 'A fisherman.',
      personality: 'Gruff.',
    });
    expect(pack.characters[0]?.voice.examples).toEqual(['{{char}}: "Fish are biting."']);
    expect(pack.characters[0]?.extensions.storyloom_card).toEqual({
      scenario: 'The pier at dawn.',
      first_mes: 'Morning.',
    });
  });

  it('prefers the ccv3 chunk of a PNG over chara, and keeps the image (without the card) as the portrait', async () => {
    const png = pngCard({ chara: base64Json(V2_CARD), ccv3: base64Json(V3_CARD) });
    const { dir, pack, summary } = await importInto(await writeTemp('mara.png', png));
    expect(summary.format).toBe('PNG card V3');
    expect(pack.characters[0]).toMatchObject({ id: 'mara-quill-v3', name: 'Mara Quill V3', aliases: ['Quill'] });
    const portrait = await readFile(path.join(dir, 'images/mara-quill-v3.png'));
    expect(isPng(portrait)).toBe(true);
    expect([...pngTextChunks(readPngChunks(portrait)).keys()]).toEqual([]);
  });

  it('reads a PNG with only a chara chunk as V2', async () => {
    const { summary, pack } = await importInto(await writeTemp('mara.png', pngCard({ chara: base64Json(V2_CARD) })));
    expect(summary.format).toBe('PNG card V2');
    expect(pack.characters[0]?.id).toBe('mara-quill');
  });

  it('reads a CHARX archive: card.json and its main icon', async () => {
    const icon = pngCard({});
    const zip = buildZip([
      { name: 'card.json', data: Buffer.from(JSON.stringify(V3_CARD)), deflate: true },
      { name: 'assets/icon/images/main.png', data: icon },
    ]);
    const { dir, summary } = await importInto(await writeTemp('mara.charx', zip));
    expect(summary).toMatchObject({ format: 'CHARX', character: { id: 'mara-quill-v3' } });
    expect(Buffer.compare(await readFile(path.join(dir, 'images/mara-quill-v3.png')), icon)).toBe(0);
  });

  it('adds a character to an existing pack under a free id, leaving it valid', async () => {
    const file = await writeTemp('mara.json', JSON.stringify(V2_CARD));
    const { dir } = await importInto(file);
    const again = await importInto(file, dir);
    expect(again.summary).toMatchObject({ createdPack: false, character: { id: 'mara-quill-2' }, lore: ['debt'] });
    expect(again.summary.skipped).toContain('"lighthouse": the pack\'s lore already has this entry');
    expect(again.pack.characters.map((character) => character.id).sort()).toEqual(['mara-quill', 'mara-quill-2']);
  });
});
