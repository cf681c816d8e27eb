import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliContext } from '../../../engine/cli/command.ts';
import { exportCommand } from '../../../engine/cli/commands/export.ts';
import { importCommand } from '../../../engine/cli/commands/import.ts';
import { readAppVersion } from '../../../engine/cli/install-paths.ts';
import { pngTextChunks, readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { createSave } from '../../../engine/store/index.ts';
import { V2_CARD, WORLD_INFO } from './cards.ts';
import { snapshot, tempDir, writeTemp } from './fixtures.ts';

/** A test boundary fake of the terminal, standing in `cwd`. */
function terminal(cwd: string): { context: CliContext; out: () => string } {
  let out = '';
  const roots = {
    home: cwd,
    builtinStories: cwd,
    userStories: cwd,
    saves: cwd,
    models: [],
    settingsFile: path.join(cwd, 's.json'),
  };
  const context: CliContext = {
    io: { stdout: (text) => void (out += text), stderr: () => undefined },
    env: {},
    roots,
    cwd,
    signal: new AbortController().signal,
  };
  return { context, out: () => out };
}

describe('storyloom import / export', () => {
  it('imports a card into a new pack, then a World Info, printing what came in', async () => {
    const cwd = await tempDir();
    const card = await writeTemp('mara.json', JSON.stringify(V2_CARD));
    const first = terminal(cwd);
    expect(await importCommand.run([card, '--into', 'harbour'], first.context)).toBe(0);
    expect(first.out()).toContain('Imported a JSON card V2 into harbour (a new pack):');
    expect(first.out()).toContain('character: Mara Quill (mara-quill)');
    expect(first.out()).toContain(
      'wrote: story.yaml, locations.yaml, personas.yaml, characters/mara-quill.yaml, lore.yaml',
    );
    const second = terminal(cwd);
    const wi = await writeTemp('wi.json', JSON.stringify(WORLD_INFO));
    expect(await importCommand.run([wi, '--into', 'harbour', '--as', 'lore'], second.context)).toBe(0);
    expect(second.out()).toContain('lore: 3 entries (quay, bell, ghost)');
    expect(second.out()).toContain('skipped: "Empty": no content');
  });

  it('refuses bad usage and bad files, writing nothing', async () => {
    const cwd = await tempDir();
    const { context } = terminal(cwd);
    await expect(importCommand.run(['x.json'], context)).rejects.toThrow(/--into/u);
    await expect(importCommand.run(['x.json', '--into', 'p', '--as', 'pony'], context)).rejects.toThrow(
      /--as must be/u,
    );
    const bad = await writeTemp('bad.json', '{');
    await expect(importCommand.run([bad, '--into', 'p'], context)).rejects.toThrow(/not valid JSON/u);
    expect(await snapshot(path.join(cwd, 'p'))).toBeNull();
  });

  it('exports a card with both chunks, and never overwrites without --force', async () => {
    const cwd = await tempDir();
    await importCommand.run(
      [await writeTemp('m.json', JSON.stringify(V2_CARD)), '--into', 'harbour'],
      terminal(cwd).context,
    );
    const { context, out } = terminal(cwd);
    expect(await exportCommand.run(['card', 'harbour', 'mara-quill', 'mara.png'], context)).toBe(0);
    expect(out()).toContain('Exported mara-quill as a V2 + V3 card');
    const texts = pngTextChunks(readPngChunks(await readFile(path.join(cwd, 'mara.png'))));
    expect([...texts.keys()]).toEqual(['chara', 'ccv3']);
    await expect(exportCommand.run(['card', 'harbour', 'mara-quill', 'mara.png'], context)).rejects.toThrow(/--force/u);
    expect(await exportCommand.run(['card', 'harbour', 'mara-quill', 'mara.png', '--force'], context)).toBe(0);
    await expect(exportCommand.run(['card', 'harbour', 'nobody', 'x.png'], context)).rejects.toThrow(
      /no character "nobody"/u,
    );
  });

  it('exports a save’s transcript as Markdown and HTML, thoughts only with --thoughts', async () => {
    const cwd = await tempDir();
    const saveFile = path.join(cwd, 'tower.storyloom');
    const clock = { now: () => 1_700_000_000_000, monotonic: () => 0 };
    const save = await createSave(
      saveFile,
      {
        title: 'The Lost Tower',
        packId: 'lost-tower',
        packVersion: '1.0.0',
        packContentHash: 'x',
        personaId: 'ren',
        rngSeed: 1,
        rngState: [1, 2, 3, 4],
      },
      { clock, appVersion: readAppVersion() },
    );
    save.commitTurn({
      input: 'I open the door',
      startedAt: 1_700_000_000_000,
      durationMs: 10,
      rngState: [2, 3, 4, 5],
      messages: [
        { owner: 'ren', type: 'thought', content: 'Is it safe?' },
        { owner: 'ren', type: 'intention', content: 'I open the door.' },
        { owner: 'narrator', type: 'narration', content: 'The door creaks.' },
        { owner: 'mira', type: 'dialog', content: '"Careful."', mood: 'tense' },
      ],
    });
    save.close();
    const { context } = terminal(cwd);
    expect(await exportCommand.run(['transcript', saveFile, 'story.md'], context)).toBe(0);
    const markdown = await readFile(path.join(cwd, 'story.md'), 'utf8');
    expect(markdown).toContain('# The Lost Tower');
    expect(markdown).toContain('**mira** *(tense)*: "Careful."');
    expect(markdown).not.toContain('Is it safe?');
    expect(await exportCommand.run(['transcript', saveFile, 'story.html', '--thoughts'], context)).toBe(0);
    expect(await readFile(path.join(cwd, 'story.html'), 'utf8')).toContain('Is it safe?');
    await expect(exportCommand.run(['transcript', saveFile, 'story.txt'], context)).rejects.toThrow(/\.md or \.html/u);
  });
});
