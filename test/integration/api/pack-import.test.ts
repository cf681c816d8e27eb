import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { V2_CARD, WORLD_INFO } from '../../unit/import/cards.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('packs.import (a card or lorebook dropped on the library)', () => {
  it('makes a new pack from a card, adds a World Info to it, and tells clients', async () => {
    const provider = createInstantProvider();
    setup = await startPlay(async () => provider);
    const api = setup.api;
    const card = unwrap(
      await api['packs.import']({
        fileName: 'mara.json',
        contentBase64: base64(V2_CARD),
        into: { newPack: 'My Harbour' },
      }),
    );
    expect(card).toMatchObject({
      createdPack: true,
      character: { id: 'mara-quill', name: 'Mara Quill' },
      format: 'JSON card V2',
    });
    const listed = unwrap(await api['packs.list']()).find((pack) => pack.id === card.packId);
    expect(listed).toMatchObject({
      title: 'My Harbour',
      source: 'user',
      status: 'ok',
      characters: [{ id: 'mara-quill', name: 'Mara Quill' }],
    });
    expect(setup.events.some((event) => event.type === 'packs.changed')).toBe(true);

    const lore = unwrap(
      await api['packs.import']({
        fileName: 'wi.json',
        contentBase64: base64(WORLD_INFO),
        into: { packId: card.packId },
      }),
    );
    expect(lore).toMatchObject({
      packId: card.packId,
      createdPack: false,
      character: null,
      lore: ['quay', 'bell', 'ghost'],
    });
  });

  it('refuses a broken file and a built-in pack, writing nothing', async () => {
    const provider = createInstantProvider();
    setup = await startPlay(async () => provider);
    const api = setup.api;
    const broken = await api['packs.import']({
      fileName: 'card.json',
      contentBase64: Buffer.from('{ not json').toString('base64'),
      into: { newPack: 'broken' },
    });
    expect(broken).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const builtin = await api['packs.import']({
      fileName: 'mara.json',
      contentBase64: base64(V2_CARD),
      into: { packId: 'tutorial' },
    });
    expect(builtin).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringContaining('read-only') },
    });
    const stories = path.join(setup.home, 'stories');
    expect((await readdir(stories).catch(() => [])).filter((name) => !name.startsWith('.'))).toEqual([]);
  });
});
