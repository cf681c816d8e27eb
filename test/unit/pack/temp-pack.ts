import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** The app version the tests load packs with. */
export const APP_VERSION = '0.1.0';

/** A small valid pack: every file kind, every reference resolving. Tests replace or remove single files. */
export const MINIMAL_PACK: Readonly<Record<string, string>> = {
  'story.yaml': `schemaVersion: 1
id: harbour-night
title: Harbour Night
version: 1.0.0
engine: ">=0.1.0 <1.0.0"
ifid: 3F2504E0-4F89-41D3-9A0C-0305E82C3301
author: Test Author
description: A short night at the harbour.
language: en
cover: images/cover.png
start:
  location: harbour
  time: "1723-05-14T21:00"
  persona: captain
tuning:
  minConfidence: 0.4
`,
  'personas.yaml': `- id: captain
  name: Captain Ilse
  description: A captain without a ship.
  states:
    - { name: tired, level: 7, category: body }
  inventory: [a brass compass]
`,
  'characters/mara.yaml': `id: mara
name: Mara Quill
aliases: [the harbourmaster]
description: A weathered harbourmaster.
personality: Dry, exact, kind underneath.
voice:
  style: clipped
  examples: ["Tide waits for no one."]
chattiness: 60
baked: true
location: harbour
states:
  - name: wary
    level: 8
    category: mood
knowledge:
  - id: smugglers
    content: The night boat carries contraband.
extensions:
  chub: { tags: [sea] }
`,
  'locations.yaml': `- id: harbour
  name: The Harbour
  description: Wet stones and lanterns.
  connections:
    - to: tavern
      travelMinutes: 5
- id: tavern
  name: The Drowned Bell
  description: A low tavern.
  connections:
    - { to: harbour }
`,
  'lore.yaml': `- key: The Drowned Bell
  aliases: [the bell]
  content: A tavern named for a bell lost in the great storm.
- key: Contraband
  content: Mara suspects the night boat.
  audience: mara
`,
  'prompts/narrator.hbs': 'You narrate {{player_name}}.\n',
  'fixtures/first-night.yaml': 'turns: []\n',
  'images/cover.png': 'not really a png',
};

const created: string[] = [];
afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes a pack into a fresh temp folder: the minimal pack with `changes` applied (null removes a file). */
export async function writePack(
  changes: Readonly<Record<string, string | null>> = {},
  base = MINIMAL_PACK,
): Promise<string> {
  const root = await tempDir();
  await writeFiles(root, { ...base, ...changes });
  return root;
}

export async function writeFiles(root: string, files: Readonly<Record<string, string | null>>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    if (text === null) continue;
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storyloom-pack-'));
  created.push(dir);
  return dir;
}
