import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodePng, textChunk } from '../../../engine/pack/export/png-write.ts';
import { importFile, IMPORT_LIMITS } from '../../../engine/pack/import/index.ts';
import { applyWrites } from '../../../engine/pack/import/apply-writes.ts';
import { readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { V1_CARD, V2_CARD, V3_CARD } from './cards.ts';
import { APP_VERSION, base64Json, buildZip, pngCard, snapshot, tempDir, writeTemp } from './fixtures.ts';

const cardJson = Buffer.from(JSON.stringify(V3_CARD));
const zeros = (size: number): Uint8Array => new Uint8Array(size);

/** Each bad file, and the error it must give. */
const CASES: [string, string, () => Uint8Array | string, RegExp][] = [
  ['a truncated PNG', 'a.png', () => pngCard({ chara: base64Json(V2_CARD) }).subarray(0, 60), /truncated/u],
  ['a PNG without its IEND', 'a.png', () => pngCard({ chara: base64Json(V2_CARD) }).subarray(0, -12), /truncated/u],
  ['a PNG with a damaged chunk', 'a.png', () => damage(pngCard({ chara: base64Json(V2_CARD) })), /CRC/u],
  ['a PNG without a card', 'a.png', () => pngCard({}), /no "chara" or "ccv3"/u],
  ['bad base64', 'a.png', () => pngCard({ chara: '***not base64***' }), /not valid base64/u],
  [
    'invalid JSON in the chunk',
    'a.png',
    () => pngCard({ chara: Buffer.from('{"spec":').toString('base64') }),
    /not valid JSON/u,
  ],
  ['an oversized text chunk', 'a.png', oversizedPng, /chunk is \d+ bytes; the limit/u],
  ['invalid JSON', 'a.json', () => '{"name": "Mara",', /not valid JSON/u],
  ['text that is not UTF-8', 'a.json', () => Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d), /not valid UTF-8/u],
  ['a file of another kind', 'a.txt', () => 'hello', /not a PNG card, a CHARX archive or a JSON/u],
  ['JSON that is neither card nor book', 'a.json', () => '{"hello": 1}', /neither a character card nor a lorebook/u],
  [
    'a card with a wrong field type',
    'a.json',
    () => JSON.stringify({ ...V2_CARD, data: { ...V2_CARD.data, tags: 'x' } }),
    /tags must be a list/u,
  ],
  ['a card without a name', 'a.json', () => JSON.stringify({ ...V1_CARD, name: '  ' }), /no name/u],
  [
    'a broken character_book',
    'a.json',
    () => JSON.stringify({ ...V2_CARD, data: { ...V2_CARD.data, character_book: { entries: 3 } } }),
    /no list of entries/u,
  ],
  [
    'a CHARX zip bomb (ratio)',
    'a.charx',
    () =>
      buildZip([
        { name: 'card.json', data: cardJson },
        { name: 'x.bin', data: zeros(4 * 1024 * 1024), deflate: true },
      ]),
    /zip bomb/u,
  ],
  [
    'a CHARX entry too large',
    'a.charx',
    () => buildZip([{ name: 'card.json', data: cardJson, declaredSize: IMPORT_LIMITS.maxZipEntryBytes + 1 }]),
    /limit is/u,
  ],
  [
    'a CHARX entry lying about its size',
    'a.charx',
    () => buildZip([{ name: 'card.json', data: cardJson, deflate: true, declaredSize: 20 }]),
    /cannot be inflated|does not match/u,
  ],
  [
    'a CHARX with too many entries',
    'a.charx',
    () =>
      buildZip(Array.from({ length: IMPORT_LIMITS.maxZipEntries + 1 }, (_, i) => ({ name: `f${i}`, data: zeros(1) }))),
    /entries; the limit/u,
  ],
  [
    'CHARX path traversal',
    'a.charx',
    () =>
      buildZip([
        { name: 'card.json', data: cardJson },
        { name: '../../evil.png', data: zeros(4) },
      ]),
    /path traversal/u,
  ],
  [
    'CHARX absolute path',
    'a.charx',
    () =>
      buildZip([
        { name: 'card.json', data: cardJson },
        { name: '/etc/evil', data: zeros(4) },
      ]),
    /path traversal/u,
  ],
  [
    'CHARX backslash path',
    'a.charx',
    () =>
      buildZip([
        { name: 'card.json', data: cardJson },
        { name: '..\\evil', data: zeros(4) },
      ]),
    /path traversal/u,
  ],
  [
    'a truncated CHARX',
    'a.charx',
    () => buildZip([{ name: 'card.json', data: cardJson }]).subarray(0, 40),
    /damaged or truncated/u,
  ],
  [
    'a ZIP without card.json',
    'a.charx',
    () => buildZip([{ name: 'other.json', data: cardJson }]),
    /without card.json/u,
  ],
  [
    'a CHARX whose icon is missing',
    'a.charx',
    () => buildZip([{ name: 'card.json', data: cardJson }]),
    /not in the archive/u,
  ],
];

function damage(png: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(png);
  copy[20] = (copy[20] ?? 0) ^ 0xff;
  return copy;
}

function oversizedPng(): Uint8Array {
  const chunks = readPngChunks(pngCard({}));
  const text = textChunk('chara', 'A'.repeat(IMPORT_LIMITS.maxTextChunkBytes + 4));
  return encodePng([...chunks.slice(0, -1), text, ...chunks.slice(-1)]);
}

describe('bad input: a clear error, and nothing written', () => {
  it.each(CASES)('%s', async (_label, name, build, message) => {
    const file = await writeTemp(name, build());
    const existing = path.join(await tempDir(), 'pack');
    await importFile(await writeTemp('tom.json', JSON.stringify(V1_CARD)), { into: existing, appVersion: APP_VERSION });
    const before = await snapshot(existing);
    await expect(importFile(file, { into: existing, appVersion: APP_VERSION })).rejects.toThrow(message);
    expect(await snapshot(existing)).toEqual(before);
    const fresh = path.join(await tempDir(), 'new-pack');
    await expect(importFile(file, { into: fresh, appVersion: APP_VERSION })).rejects.toThrow(message);
    expect(await snapshot(fresh)).toBeNull();
  });

  it('refuses a pack that is already broken, and a folder that is not a pack', async () => {
    const card = await writeTemp('tom.json', JSON.stringify(V1_CARD));
    const broken = path.join(await tempDir(), 'broken');
    await importFile(card, { into: broken, appVersion: APP_VERSION });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(broken, 'story.yaml'), 'schemaVersion: 1\n');
    await expect(importFile(card, { into: broken, appVersion: APP_VERSION })).rejects.toThrow(/fix it first/u);
    const notPack = path.dirname(card);
    await expect(importFile(card, { into: notPack, appVersion: APP_VERSION })).rejects.toThrow(/not a story pack/u);
  });

  it('puts everything back when a write fails half-way', async () => {
    const dir = await tempDir();
    const writes = [
      { path: 'new/a.txt', content: 'a' },
      { path: 'new/a.txt/b.txt', content: 'b' },
    ];
    await expect(applyWrites(dir, writes)).rejects.toThrow();
    expect(await snapshot(dir)).toEqual({});
  });
});
