import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { importFile, readLorebook } from '../../../engine/pack/import/index.ts';
import { LOREBOOK_V3, V1_CARD, V2_CARD, WORLD_INFO } from './cards.ts';
import { APP_VERSION, snapshot, tempDir, writeTemp } from './fixtures.ts';

/** A fresh pack (made by importing a card with no book) to add lore to. */
async function packDir(): Promise<string> {
  const dir = path.join(await tempDir(), 'pack');
  await importFile(await writeTemp('tom.json', JSON.stringify(V1_CARD)), { into: dir, appVersion: APP_VERSION });
  return dir;
}

async function loreOf(dir: string) {
  const { pack } = await loadPack(dir, { appVersion: APP_VERSION });
  return pack?.lore;
}

describe('reading lorebooks', () => {
  it('reads every activation setting of SillyTavern World Info', () => {
    const book = readLorebook(WORLD_INFO, 'wi.json');
    expect(book.format).toBe('worldinfo');
    expect(book.entries[0]).toEqual({
      keys: ['quay', 'docks'],
      secondaryKeys: ['night'],
      content: 'The quay smells of tar.',
      comment: 'The quay',
      name: '',
      constant: false,
      selective: true,
      selectiveLogic: 'not_any',
      order: 90,
      enabled: true,
      caseSensitive: null,
      wholeWords: null,
      settings: { position: 0 },
    });
    expect(book.entries.map((entry) => [entry.constant, entry.enabled])).toEqual([
      [false, true],
      [true, true],
      [false, false],
      [false, true],
    ]);
  });

  it('reads lorebook_v3 entries, the logic from their extensions', () => {
    const book = readLorebook(LOREBOOK_V3, 'book.json');
    expect(book).toMatchObject({ format: 'lorebook_v3', name: 'Quay Book' });
    expect(book.entries[0]).toMatchObject({ secondaryKeys: ['dark', 'lamp'], selectiveLogic: 'and_all', order: 50 });
    expect(book.entries[1]).toMatchObject({ constant: true, enabled: true });
    expect(book.entries[2]?.enabled).toBe(false);
  });
});

describe('importing lorebooks', () => {
  it('adds World Info entries as world lore with every activation setting, skipping empty ones', async () => {
    const dir = await packDir();
    const summary = await importFile(await writeTemp('wi.json', JSON.stringify(WORLD_INFO)), {
      into: dir,
      appVersion: APP_VERSION,
    });
    expect(summary).toMatchObject({ format: 'World Info', lore: ['quay', 'bell', 'ghost'], files: ['lore.yaml'] });
    expect(summary.skipped).toEqual(['"Empty": no content']);
    expect(await loreOf(dir)).toMatchObject([
      {
        key: 'quay',
        aliases: ['docks'],
        secondaryKeys: ['night'],
        selectiveLogic: 'not_any',
        order: 90,
        constant: false,
      },
      { key: 'bell', content: 'A bell rings at midnight.', constant: true, order: 100, disabled: false },
      { key: 'ghost', disabled: true },
    ]);
  });

  it('appends lorebook_v3 entries to the existing lore.yaml, all world (no character owns them)', async () => {
    const dir = await packDir();
    await importFile(await writeTemp('wi.json', JSON.stringify(WORLD_INFO)), { into: dir, appVersion: APP_VERSION });
    const summary = await importFile(await writeTemp('b.json', JSON.stringify(LOREBOOK_V3)), {
      into: dir,
      appVersion: APP_VERSION,
    });
    expect(summary.lore).toEqual(['lighthouse', 'debt', 'old']);
    const lore = await loreOf(dir);
    expect(lore?.map((entry) => [entry.key, entry.audience, entry.tags])).toEqual([
      ['quay', 'world', []],
      ['bell', 'world', []],
      ['ghost', 'world', []],
      ['lighthouse', 'world', ['Quay Book']],
      ['debt', 'world', ['Quay Book']],
      ['old', 'world', ['Quay Book']],
    ]);
  });

  it('keeps every entry when entries share a key: each gets an id of its own', async () => {
    const dir = await packDir();
    const entry = (uid: number, content: string) => ({ uid, key: ['PAS', 'pas'], content, position: 4, depth: 2 });
    const book = { entries: { 0: entry(0, 'PAS, the ward.'), 1: entry(1, 'PAS, the river.'), 2: entry(2, 'PAS.') } };
    const summary = await importFile(await writeTemp('pas.json', JSON.stringify(book)), {
      into: dir,
      appVersion: APP_VERSION,
    });
    expect(summary.lore).toEqual(['PAS', 'PAS', 'PAS']);
    expect(summary.notes).toContain(
      "kept in the entries' extensions (lore.yaml has no field for them): position ×3, depth ×3",
    );
    const lore = await loreOf(dir);
    expect(lore?.map((item) => [item.id, item.key, item.content])).toEqual([
      ['pas', 'PAS', 'PAS, the ward.'],
      ['pas-2', 'PAS', 'PAS, the river.'],
      ['pas-3', 'PAS', 'PAS.'],
    ]);
    expect(lore?.[0]?.extensions).toEqual({ position: 4, depth: 2 });
  });

  it('carries case sensitivity and whole-word matching into their fields, the rest into extensions', async () => {
    const dir = await packDir();
    const raw = { uid: 7, key: ['Bell'], content: 'A bell.', caseSensitive: true, matchWholeWords: false, group: 'g' };
    await importFile(await writeTemp('b.json', JSON.stringify({ entries: { 7: raw } })), {
      into: dir,
      appVersion: APP_VERSION,
    });
    expect((await loreOf(dir))?.[0]).toMatchObject({
      caseSensitive: true,
      wholeWords: false,
      extensions: { case_sensitive: true, group: 'g' },
    });
  });

  it('importing the same lorebook twice adds nothing and writes nothing', async () => {
    const dir = await packDir();
    const file = await writeTemp('wi.json', JSON.stringify(WORLD_INFO));
    await importFile(file, { into: dir, appVersion: APP_VERSION });
    const before = await snapshot(dir);
    const summary = await importFile(file, { into: dir, appVersion: APP_VERSION });
    expect(summary.lore).toEqual([]);
    expect(summary.files).toEqual([]);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('takes only the book of a card with --as lore, and refuses a lorebook --as character', async () => {
    const dir = await packDir();
    const card = await writeTemp('mara.json', JSON.stringify(V2_CARD));
    const summary = await importFile(card, { into: dir, as: 'lore', appVersion: APP_VERSION });
    expect(summary).toMatchObject({ character: null, lore: ['lighthouse', 'debt', 'old'] });
    const wi = await writeTemp('wi.json', JSON.stringify(WORLD_INFO));
    await expect(importFile(wi, { into: dir, as: 'character', appVersion: APP_VERSION })).rejects.toThrow(
      /is a lorebook/u,
    );
  });

  it('refuses lore for a folder that holds no pack yet', async () => {
    const dir = path.join(await tempDir(), 'none');
    const wi = await writeTemp('wi.json', JSON.stringify(WORLD_INFO));
    await expect(importFile(wi, { into: dir, appVersion: APP_VERSION })).rejects.toThrow(/existing pack/u);
    expect(await snapshot(dir)).toBeNull();
  });
});
