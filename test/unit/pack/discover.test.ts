import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverPacks, formatDiagnostic } from '../../../engine/pack/index.ts';
import { APP_VERSION, MINIMAL_PACK, tempDir, writeFiles } from './temp-pack.ts';

const STORY = MINIMAL_PACK['story.yaml'] ?? '';

async function packsFolder(packs: Record<string, Record<string, string | null>>): Promise<string> {
  const root = await tempDir();
  for (const [folder, changes] of Object.entries(packs)) {
    await writeFiles(path.join(root, folder), { ...MINIMAL_PACK, ...changes });
  }
  return root;
}

describe('discoverPacks', () => {
  it('lists a good and a broken pack side by side; a missing user folder is fine', async () => {
    const builtinDir = await packsFolder({
      good: {},
      broken: {
        'story.yaml': STORY.replace('id: harbour-night', 'id: broken-night').replace(
          'title: Harbour Night',
          'title: Broken Night',
        ),
        'lore.yaml': '- key: "open\n',
      },
      'not-a-pack': { 'story.yaml': null },
    });
    const listings = await discoverPacks({
      builtinDir,
      userDir: path.join(builtinDir, 'missing'),
      appVersion: APP_VERSION,
    });

    expect(listings.map(({ id, status, source }) => ({ id, status, source }))).toEqual([
      { id: 'broken-night', status: 'error', source: 'builtin' },
      { id: 'harbour-night', status: 'ok', source: 'builtin' },
    ]);
    const [broken, good] = listings;
    expect(broken).toMatchObject({
      title: 'Broken Night',
      author: 'Test Author',
      version: '1.0.0',
      dir: path.join(builtinDir, 'broken'),
    });
    expect(broken?.pack).toBeUndefined();
    expect(broken?.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic))).toEqual([
      'lore.yaml:1:8: error: this quoted string is never closed (missing its closing quote)',
    ]);
    expect(good?.pack?.manifest.id).toBe('harbour-night');
    expect(good?.coverPath).toBe(path.join(builtinDir, 'good', 'images/cover.png'));
  });

  it('lets a user pack shadow the built-in pack with the same id, and says so', async () => {
    const builtinDir = await packsFolder({ port: {} });
    const userDir = await packsFolder({
      'my-port': { 'story.yaml': STORY.replace('version: 1.0.0', 'version: 1.1.0') },
    });
    const listings = await discoverPacks({ builtinDir, userDir, appVersion: APP_VERSION });

    expect(listings).toHaveLength(1);
    const [user] = listings;
    expect(user).toMatchObject({ source: 'user', id: 'harbour-night', version: '1.1.0', status: 'warnings' });
    expect(user?.pack).toBeDefined();
    expect(user?.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic))).toEqual([
      `story.yaml:2:5: warning: this pack replaces the built-in pack with the same id "harbour-night" (version 1.0.0, ${path.join(builtinDir, 'port')})`,
    ]);
  });

  it('marks the second of two packs with one id in the same folder as an error', async () => {
    const userDir = await packsFolder({ a: {}, b: {} });
    const listings = await discoverPacks({ builtinDir: path.join(userDir, 'none'), userDir, appVersion: APP_VERSION });
    expect(listings.map(({ status }) => status)).toEqual(['ok', 'error']);
    expect(listings[1]?.pack).toBeUndefined();
    expect(listings[1]?.diagnostics[0]?.message).toContain(
      'another pack in this folder already has the id "harbour-night"',
    );
  });
});
