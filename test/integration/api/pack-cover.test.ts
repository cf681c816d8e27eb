import { appendFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, STORIES_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// A 1×1 PNG.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

describe('packs.cover', () => {
  it('gives a pack’s cover as a data URL, and null for a pack without one', async () => {
    const provider = createInstantProvider();
    setup = await startPlay(async () => provider);
    const dir = path.join(setup.home, 'stories', 'bindery-with-cover');
    await mkdir(path.dirname(dir), { recursive: true });
    await cp(path.join(STORIES_DIR, 'tutorial'), dir, { recursive: true });
    await mkdir(path.join(dir, 'images'));
    await writeFile(path.join(dir, 'images', 'cover.png'), PIXEL);
    const story = path.join(dir, 'story.yaml');
    const manifest = await readFile(story, 'utf8');
    await writeFile(story, manifest.replace('id: tutorial', 'id: bindery-with-cover'));
    await appendFile(story, 'cover: images/cover.png\n');
    const api = setup.api;
    unwrap(await api['packs.reload']());

    const cover = unwrap(await api['packs.cover']({ packId: 'bindery-with-cover' }));
    expect(cover.dataUrl).toBe(`data:image/png;base64,${PIXEL.toString('base64')}`);
    expect(unwrap(await api['packs.cover']({ packId: 'lantern-quay' }))).toEqual({ dataUrl: null });
    expect(await api['packs.cover']({ packId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
