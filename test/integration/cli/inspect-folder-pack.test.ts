import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.ts';
import { TEST_PACKS_DIR } from '../../support/packs.ts';

const PACK = path.join(TEST_PACKS_DIR, 'two-lamps');
let home: string;
let save: string;

// The two-lamps test pack is not installed: it is played from its folder, and its first scene boundary runs a cohort.
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-folder-'));
  const fixtures = path.join(PACK, 'fixtures');
  const played = await cli(
    '--home',
    home,
    'play',
    PACK,
    '--llm',
    `scripted:${path.join(fixtures, 'seek.yaml')}`,
    '--inputs',
    path.join(fixtures, 'seek.inputs'),
    '--json',
  );
  if (played.code !== 0) throw new Error(`play failed: ${played.stderr}`);
  const saves = await readdir(path.join(home, 'saves'));
  save = saves.find((name) => name.endsWith('.storyloom')) ?? '';
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe('storyloom inspect on a save played from a pack folder', () => {
  it.each(['stream', 'prompts', 'truth', 'landscape', 'context', 'chronicle'])('shows %s', async (view) => {
    const { code, stderr } = await cli('--home', home, 'inspect', save, view);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('shows a character’s knowledge graph, with what its own cohort account filed there', async () => {
    const { code, stdout, stderr } = await cli('--home', home, 'inspect', save, 'kg', 'ada-quill');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('ADA-MEMORY-W9');
    expect(stdout).not.toContain('BRAM-MEMORY');
  });

  it('shows each cohort member’s calls apart from the other’s and from the moderator’s', async () => {
    const { stdout } = await cli('--home', home, 'inspect', save, 'prompts', '--turn', '2');
    const headers = stdout.split('\n').filter((line) => /^── \d+\. cohort_/u.test(line));
    expect(
      headers.map((line) =>
        line
          .split(' · ')
          .slice(0, 2)
          .join(' · ')
          .replace(/^── \d+\. /u, ''),
      ),
    ).toEqual([
      'cohort_member · ada-quill',
      'cohort_member · bram-tolley',
      'cohort_moderator · cohort:ada-quill+bram-tolley',
      'cohort_member · ada-quill',
      'cohort_member · bram-tolley',
      'cohort_member · ada-quill',
      'cohort_member · bram-tolley',
    ]);
  });

  it('says so when the folder a save was played from is gone', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-folder-none-'));
    try {
      const { code, stderr } = await cli('--home', elsewhere, 'inspect', path.join(home, 'saves', save), 'kg', 'world');
      expect(code).not.toBe(0);
      expect(stderr).toContain('story pack "two-lamps" is not installed, nor known from `storyloom play <folder>`');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
