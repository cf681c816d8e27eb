import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile, type ImportOptions, type ImportSummary } from '../../../engine/pack/index.ts';
import {
  describeImportReport,
  importIntoNewPack,
  importTargetDir,
  packFolderName,
} from '../../../electron/pack-import.ts';
import { V2_CARD } from '../import/cards.ts';

describe('importing from the shell', () => {
  it('names the new pack folder after the file', () => {
    expect(packFolderName('/downloads/Mara the Binder (v2).png')).toBe('mara-the-binder-v2');
    expect(packFolderName('Élodie.charx')).toBe('elodie');
    expect(packFolderName('＿.json')).toBe('imported');
  });

  it('never imports into an existing folder', () => {
    const taken = new Set(['/stories/mara', '/stories/mara-2']);
    expect(importTargetDir('/stories', 'Mara.png', (dir) => taken.has(dir))).toBe(path.join('/stories', 'mara-3'));
    expect(importTargetDir('/stories', 'Mara.png', () => false)).toBe(path.join('/stories', 'mara'));
  });

  it('passes the new folder and app version to the engine’s import and reports the result', async () => {
    const calls: { file: string; options: ImportOptions }[] = [];
    // A test boundary fake of the engine's importFile.
    const fakeImport = async (file: string, options: ImportOptions): Promise<ImportSummary> => {
      calls.push({ file, options });
      return {
        format: 'Character Card V2',
        packDir: options.into,
        createdPack: true,
        character: { id: 'mara', name: 'Mara' },
        lore: ['quay'],
        skipped: ['alternate greetings'],
        notes: ['a note'],
        files: [],
      };
    };
    const report = await importIntoNewPack('/dl/Mara.png', {
      userStories: '/stories',
      appVersion: '9.9.9',
      exists: () => false,
      importFile: fakeImport,
    });
    expect(calls).toEqual([
      { file: '/dl/Mara.png', options: { into: path.join('/stories', 'mara'), appVersion: '9.9.9' } },
    ]);
    expect(report).toEqual({
      packDir: path.join('/stories', 'mara'),
      createdPack: true,
      format: 'Character Card V2',
      character: 'Mara',
      loreEntries: 1,
      notes: ['skipped: alternate greetings', 'a note'],
    });
    expect(describeImportReport(report)).toMatch(/the character Mara from a Character Card V2/u);
  });

  it('imports a real card into a fresh pack with the engine', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-shell-import-'));
    const card = path.join(dir, 'Wren Card.json');
    await writeFile(card, JSON.stringify(V2_CARD));
    const userStories = path.join(dir, 'stories');
    const deps = { userStories, appVersion: '0.1.0', exists: existsSync, importFile };
    const first = await importIntoNewPack(card, deps);
    const second = await importIntoNewPack(card, deps);
    expect(first.createdPack).toBe(true);
    expect(path.basename(first.packDir)).toBe('wren-card');
    expect(path.basename(second.packDir)).toBe('wren-card-2');
    expect(await readdir(first.packDir)).toContain('story.yaml');
  });
});
