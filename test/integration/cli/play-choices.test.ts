import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

// Two wishes the world refuses (nobody in Lantern Quay can fly): the Narrator alone runs each turn. The first offers
// choices; the player answers "2", and the second Narrator call must resolve that choice's words.
const SCRIPT = `
- stage: narrator
  expect: ["This cannot happen", "might do next"]
  reply:
    beats:
      - type: narration
        content: You climb onto the table and flap your arms; the rafters stay where they are, and the taproom laughs.
    choices:
      - Climb down and apologise to the landlady
      - Fly out through the window over the harbour
      - Sit by the fire and dry your coat
- stage: narrator
  expect: ["This cannot happen", "Fly out through the window over the harbour"]
  reply:
    beats:
      - type: narration
        content: The window is only a window; the fog outside keeps its own counsel, and you keep your feet.
`;

describe('storyloom play and the Narrator’s choices', () => {
  it('prints the choices numbered and takes a number for the choice', async () => {
    const script = path.join(home, 'choices.yaml');
    await writeFile(script, SCRIPT);
    const { code, stdout, stderr } = await cli(
      '--home',
      home,
      'play',
      path.join(STORIES_DIR, 'lantern-quay'),
      '--llm',
      `scripted:${script}`,
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
