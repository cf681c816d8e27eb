import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPack, PACK_LIMITS } from '../../../engine/pack/index.ts';
import { importFile } from '../../../engine/pack/import/index.ts';
import { V2_CARD } from './cards.ts';
import { APP_VERSION, tempDir, writeTemp } from './fixtures.ts';

/** A World Info file of `count` entries of about `size` bytes each. */
function bigWorldInfo(count: number, size: number): string {
  const entries = Object.fromEntries(
    Array.from({ length: count }, (_, uid) => [
      String(uid),
      { uid, key: [`place ${uid}`], content: `Place ${uid}: ${'the wind off the sea. '.repeat(size / 22)}` },
    ]),
  );
  return JSON.stringify({ name: 'Big Atlas', entries });
}

describe('imports write only what the pack loader reads', () => {
  it('splits a World Info too large for one file across lore/*.yaml, each under the cap, and the pack loads', async () => {
    const file = await writeTemp('atlas.json', bigWorldInfo(2000, 1300));
    expect((await stat(file)).size).toBeGreaterThan(2.5 * 1024 * 1024);
    const dir = path.join(await tempDir(), 'pack');
    await importFile(await writeTemp('mara.json', JSON.stringify(V2_CARD)), { into: dir, appVersion: APP_VERSION });
    const summary = await importFile(file, { into: dir, appVersion: APP_VERSION });
    expect(summary.lore).toHaveLength(2000);
    expect(summary.files.length).toBeGreaterThan(1);
    expect(summary.files.every((written) => /^lore\/big-atlas(-\d+)?\.yaml$/u.test(written))).toBe(true);
    expect(summary.notes.some((note) => note.includes('split across'))).toBe(true);
    for (const name of await readdir(path.join(dir, 'lore')))
      expect((await stat(path.join(dir, 'lore', name))).size).toBeLessThanOrEqual(PACK_LIMITS.maxFileBytes);
    const { pack, diagnostics } = await loadPack(dir, { appVersion: APP_VERSION });
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(pack?.lore.filter((entry) => entry.tags.includes('Big Atlas'))).toHaveLength(2000);
    // Importing it again adds nothing: the split files count as the pack's lore.
    const again = await importFile(file, { into: dir, appVersion: APP_VERSION });
    expect(again.lore).toEqual([]);
  });

  it('stores a big CRLF description once: the character file is about the size of the text', async () => {
    const description = `${'A long line of a Windows-made card.\r\n'.repeat(35_000)}  `;
    const card = { ...V2_CARD, data: { ...V2_CARD.data, description } };
    const dir = path.join(await tempDir(), 'pack');
    await importFile(await writeTemp('long.json', JSON.stringify(card)), { into: dir, appVersion: APP_VERSION });
    const characterFile = path.join(dir, 'characters/mara-quill.yaml');
    const size = (await stat(characterFile)).size;
    expect(description.length).toBeGreaterThan(1.2 * 1024 * 1024);
    expect(size).toBeLessThan(description.length * 1.1);
    expect((await readFile(characterFile, 'utf8')).split('A long line').length - 1).toBe(35_000);
    expect((await loadPack(dir, { appVersion: APP_VERSION })).pack).not.toBeNull();
  });

  it('refuses a card whose character file would be over the cap, naming the file and writing nothing', async () => {
    const card = { ...V2_CARD, data: { ...V2_CARD.data, description: 'x'.repeat(3 * 1024 * 1024) } };
    const dir = path.join(await tempDir(), 'pack');
    await expect(
      importFile(await writeTemp('huge.json', JSON.stringify(card)), { into: dir, appVersion: APP_VERSION }),
    ).rejects.toThrow(/characters\/mara-quill\.yaml would be 3\.0 MiB; pack files may be at most 2\.0 MiB/u);
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/u);
  });
});
