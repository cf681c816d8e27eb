import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadPack } from '../../../engine/pack/index.ts';
import { APP_VERSION, MINIMAL_PACK, writePack } from './temp-pack.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

async function warnings(changes: Readonly<Record<string, string>>): Promise<string[]> {
  const dir = await writePack(changes);
  const { pack, diagnostics } = await loadPack(dir, { appVersion: APP_VERSION });
  expect(pack).not.toBeNull();
  return diagnostics.filter((d) => d.severity === 'warning').map((d) => formatDiagnostic(d));
}

describe('validate: prompts that cannot fit the default context', () => {
  it('says nothing of a pack whose fixed parts fit', async () => {
    expect((await warnings({})).filter((w) => /tokens|lore entr/u.test(w))).toEqual([]);
  });

  it('warns at the character whose sheet leaves its stage no room, with file and line', async () => {
    const sheet = (MINIMAL_PACK['characters/mara.yaml'] ?? '').replace(
      'personality: Dry, exact, kind underneath.',
      `personality: ${words(6000)}`,
    );
    const found = await warnings({ 'characters/mara.yaml': sheet });
    expect(found).toContainEqual(expect.stringMatching(/^characters\/mara\.yaml:1:1: warning: Mara Quill's sheet/u));
  });

  it('warns when constant lore is over the preamble’s budget, and when the Narrator’s fixed parts are too big', async () => {
    const lore = `- key: saga\n  constant: true\n  content: ${words(6000)}\n`;
    const found = await warnings({ 'lore.yaml': lore });
    expect(found).toContainEqual(expect.stringMatching(/^story\.yaml:1:1: warning: constant lore takes ~8002 tokens/u));
    const cast = (MINIMAL_PACK['characters/mara.yaml'] ?? '').replace(
      'description: A weathered harbourmaster.',
      `description: ${words(6000)}`,
    );
    expect(await warnings({ 'characters/mara.yaml': cast })).toContainEqual(
      expect.stringMatching(/^story\.yaml:1:1: warning: the Narrator's fixed parts alone/u),
    );
  });

  it('counts lore entries that have no keys and are not constant', async () => {
    const lore = [
      '- key: entry 1\n  content: A.\n  extensions: { storyloom_keyless: true }',
      '- key: entry 2\n  content: B.\n  extensions: { storyloom_keyless: true }',
      '- key: entry 3\n  content: C.\n  constant: true\n  extensions: { storyloom_keyless: true }',
      '- key: bell\n  content: D.',
    ].join('\n');
    expect(await warnings({ 'lore.yaml': `${lore}\n` })).toContainEqual(
      'lore.yaml:1:3: warning: 2 lore entries have no keys and are not constant: never activated (give them keys or make them constant)',
    );
  });
});
