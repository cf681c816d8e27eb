import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

// Two refused wishes: the first offers choices, and the second Narrator call must resolve the choice "2" stands for.
const SCRIPT = path.join(fileURLToPath(new URL('../../fixtures/choices/', import.meta.url)), 'refused-flight.yaml');

describe('storyloom play and the Narrator’s choices', () => {
  it('prints the choices numbered and takes a number for the choice', async () => {
    const { code, stdout, stderr } = await cli(
      '--home',
      home,
      'play',
      path.join(STORIES_DIR, 'lantern-quay'),
      '--llm',
      `scripted:${SCRIPT}`,
      '--seed',
      '16',
      '--input',
      'I climb onto the table and fly up to the rafters.',
      '--input',
      '2',
    );
    expect(stderr).not.toContain('failed');
    expect(code).toBe(0);
    expect(stdout).toContain(
      '  1. Climb down and apologise to the landlady\n  2. Fly out through the window over the harbour\n  3. Sit by the fire and dry your coat\n',
    );
    // The number was played as the choice's words (the transcript echoes the intention).
    expect(stdout).toContain('Fly out through the window over the harbour');
    expect(stdout).toContain('The window is only a window');
  });
});
