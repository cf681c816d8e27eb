import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bytesToBase64, isImportable, packNameFrom } from '../../../renderer/library/read-file.ts';
import { PackCover, initialOf, tintOf } from '../../../renderer/library/PackCover.tsx';
import { ImportSummary } from '../../../renderer/library/ImportSummary.tsx';
import { ImportDialog } from '../../../renderer/library/ImportDialog.tsx';
import { LocalModelPicker } from '../../../renderer/settings/LocalModelPicker.tsx';
import { createLibraryStore } from '../../../renderer/stores/library-store.ts';
import type { PackImportResult, PackSummary } from '../../../renderer/engine.ts';
import { failure, fakeClient } from './fake-client.ts';

const result: PackImportResult = {
  packId: 'quayside-folk',
  createdPack: true,
  format: 'JSON card V2',
  character: { id: 'mara-quill', name: 'Mara Quill' },
  lore: ['the mole', 'Gull Light'],
  skipped: ['alternate greetings'],
  notes: ['No first message'],
  files: ['characters/mara-quill.yaml'],
};

describe('import helpers', () => {
  it('accepts cards and lorebooks by extension, and names a new pack after the file', () => {
    expect(isImportable('Mara.PNG')).toBe(true);
    expect(isImportable('mara.charx')).toBe(true);
    expect(isImportable('world.json')).toBe(true);
    expect(isImportable('notes.txt')).toBe(false);
    expect(packNameFrom('mara_quill-card.json')).toBe('Mara quill card');
    expect(packNameFrom('.json')).toBe('Imported');
  });

  it('encodes bytes as base64, large ones included', () => {
    expect(bytesToBase64(new TextEncoder().encode('{"a":1}'))).toBe(btoa('{"a":1}'));
    const big = new Uint8Array(100_000).fill(65);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});

describe('library import and cover views', () => {
  it('draws the title’s initial on a tint until a cover arrives', () => {
    const html = renderToStaticMarkup(
      createElement(PackCover, { title: 'harbour Lights', coverPath: null, load: async () => null }),
    );
    expect(html).toContain('<span class="pack-initial">H</span>');
    expect(html).toContain(`--tint:${tintOf('harbour Lights')}`);
    expect(initialOf('  ')).toBe('?');
  });

  it('summarises what came in: format, character, lore keys, skipped and notes', () => {
    const html = renderToStaticMarkup(createElement(ImportSummary, { result, packTitle: 'Quayside Folk' }));
    for (const text of [
      'JSON card V2',
      'the new pack',
      'Quayside Folk',
      'Mara Quill',
      'Gull Light',
      'alternate greetings',
      'No first message',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('offers only the player’s packs and a new one, and refuses other files up front', () => {
    const pack = { id: 'mine', title: 'My Pack', source: 'user' } as PackSummary;
    const props = { packs: [pack], onImport: async () => ({ ok: true as const, value: result }), onClose: () => {} };
    const html = renderToStaticMarkup(
      createElement(ImportDialog, { ...props, file: { fileName: 'mara.json', contentBase64: 'e30=' } }),
    );
    expect(html).toContain('My Pack');
    expect(html).toContain('A new pack…');
    expect(html).toContain('Detect from the file');
    const refused = renderToStaticMarkup(
      createElement(ImportDialog, { ...props, file: { fileName: 'notes.txt', contentBase64: 'e30=' } }),
    );
    expect(refused).toContain('role="alert"');
    expect(refused).not.toContain('Detect from the file');
  });

  it('gives the .gguf path a Choose… button only when the desktop shell offers a file dialog', () => {
    const machine = { speeds: {}, cpuCores: 2, measuring: {}, onMeasure: () => {} };
    const base = { models: [], path: '', onPath: () => {}, machine };
    expect(renderToStaticMarkup(createElement(LocalModelPicker, base))).not.toContain('Choose…');
    const html = renderToStaticMarkup(createElement(LocalModelPicker, { ...base, onChoose: async () => null }));
    expect(html).toContain('Choose…');
  });
});

describe('library store: covers and import', () => {
  it('reads a cover’s data URL, and null when it fails', async () => {
    const { api } = fakeClient({
      'packs.cover': (params) =>
        params['packId'] === 'ok' ? { dataUrl: 'data:image/png;base64,AA==' } : failure('no'),
    });
    const store = createLibraryStore(api);
    await expect(store.getState().cover('ok')).resolves.toBe('data:image/png;base64,AA==');
    await expect(store.getState().cover('gone')).resolves.toBeNull();
  });

  it('passes an import through to the engine and hands back its answer', async () => {
    const { api, calls } = fakeClient({ 'packs.import': () => result });
    const params = { fileName: 'mara.json', contentBase64: 'e30=', into: { newPack: 'Quayside Folk' } };
    const imported = await createLibraryStore(api).getState().importFile(params);
    expect(imported).toEqual({ ok: true, value: result });
    expect(calls).toEqual([{ method: 'packs.import', params }]);
  });
});
