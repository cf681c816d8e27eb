import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadPack } from '../../../engine/pack/index.ts';
import { APP_VERSION, MINIMAL_PACK, tempDir, writeFiles, writePack } from './temp-pack.ts';

describe('loading a valid pack', () => {
  it('loads the minimal pack with no diagnostics and fills in defaults', async () => {
    const dir = await writePack();
    const { pack, diagnostics } = await loadPack(dir, { appVersion: APP_VERSION });

    expect(diagnostics.map((diagnostic) => formatDiagnostic(diagnostic))).toEqual([]);
    expect(pack).not.toBeNull();
    expect(pack?.dir).toBe(path.resolve(dir));
    expect(pack?.manifest).toMatchObject({
      id: 'harbour-night',
      schemaVersion: 1,
      language: 'en',
      start: { location: 'harbour', time: '1723-05-14T21:00', persona: 'captain' },
      tuning: { minConfidence: 0.4 },
    });
    expect(pack?.personas.map((persona) => persona.id)).toEqual(['captain']);
    expect(pack?.characters[0]).toMatchObject({
      id: 'mara',
      chattiness: 60,
      baked: true,
      states: [{ name: 'wary', level: 8, category: 'mood' }],
      knowledge: [{ id: 'smugglers', content: 'The night boat carries contraband.', tags: [] }],
      extensions: { chub: { tags: ['sea'] } },
    });
    expect(pack?.locations.map((location) => location.id)).toEqual(['harbour', 'tavern']);
    expect(pack?.lore.map((entry) => entry.audience)).toEqual(['world', 'mara']);
    expect(pack?.prompts).toEqual({ narrator: 'You narrate {{player_name}}.\n' });
    expect(pack?.fixtures).toEqual(['fixtures/first-night.yaml']);
    expect(pack?.contentHash).toMatch(/^[0-9a-f]{64}$/u);
  });

  it('reads characters from characters.yaml too, with defaults for what a writer leaves out', async () => {
    const dir = await writePack({
      'characters/mara.yaml': null,
      'lore.yaml': null,
      'characters.yaml': '- id: tom\n  name: Tom\n  description: A boy on the pier.\n',
    });
    const { pack, diagnostics } = await loadPack(dir, { appVersion: APP_VERSION });
    expect(diagnostics).toEqual([]);
    expect(pack?.characters).toEqual([
      {
        id: 'tom',
        name: 'Tom',
        aliases: [],
        description: 'A boy on the pier.',
        personality: '',
        voice: { style: '', examples: [] },
        chattiness: 50,
        baked: false,
        states: [],
        knowledge: [],
        goals: [],
        routine: [],
        extensions: {},
      },
    ]);
  });

  it('hashes content the same wherever the pack sits and whatever its line endings, and differently when it changes', async () => {
    const first = await writePack();
    const crlf = await writePack({ 'story.yaml': MINIMAL_PACK['story.yaml']?.replaceAll('\n', '\r\n') ?? null });
    const edited = await writePack({ 'lore.yaml': `${MINIMAL_PACK['lore.yaml']}  tags: [harbour]\n` });
    const hashOf = async (dir: string) => (await loadPack(dir, { appVersion: APP_VERSION })).pack?.contentHash;

    expect(await hashOf(first)).toBe(await hashOf(crlf));
    expect(await hashOf(first)).not.toBe(await hashOf(edited));
  });

  it('does not count hidden files (.git, .DS_Store) as pack content', async () => {
    const plain = await writePack();
    const withHidden = await tempDir();
    await writeFiles(withHidden, { ...MINIMAL_PACK, '.DS_Store': 'x', '.git/HEAD': 'ref: main' });
    const hashOf = async (dir: string) => (await loadPack(dir, { appVersion: APP_VERSION })).pack?.contentHash;
    expect(await hashOf(withHidden)).toBe(await hashOf(plain));
  });
});
