import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliContext } from '../../../engine/cli/command.ts';
import { schemaCommand } from '../../../engine/cli/commands/schema.ts';
import { validateCommand } from '../../../engine/cli/commands/validate.ts';
import { MINIMAL_PACK, tempDir, writeFiles } from './temp-pack.ts';

/** A test boundary fake of the terminal: collects what a command prints, standing in a given folder. */
function fakeTerminal(cwd: string): { context: CliContext; stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  const roots = {
    home: cwd,
    builtinStories: cwd,
    userStories: cwd,
    saves: cwd,
    models: [],
    settingsFile: path.join(cwd, 'settings.json'),
  };
  const context: CliContext = {
    io: { stdout: (text) => void (out += text), stderr: (text) => void (err += text) },
    env: {},
    roots,
    cwd,
    signal: new AbortController().signal,
  };
  return { context, stdout: () => out, stderr: () => err };
}

/** A work folder with `stories/port` holding the minimal pack with `changes`. */
async function workFolder(changes: Record<string, string | null> = {}): Promise<string> {
  const cwd = await tempDir();
  await writeFiles(path.join(cwd, 'stories/port'), { ...MINIMAL_PACK, ...changes });
  return cwd;
}

describe('storyloom validate', () => {
  it('prints each problem as file:line:col: severity: message relative to the current folder, and exits 1 on errors', async () => {
    const cwd = await workFolder({
      'characters/mara.yaml': 'id: mara\nname: Mara\ndescription: d\nlocation: harbor\ncolour: red\n',
    });
    const terminal = fakeTerminal(cwd);
    const code = await validateCommand.run(['stories/port'], terminal.context);

    expect(code).toBe(1);
    expect(terminal.stdout()).toBe(
      [
        'stories/port/characters/mara.yaml:4:11: error: unknown location "harbor" (did you mean "harbour"?)',
        'stories/port/characters/mara.yaml:5:1: warning: unknown key "colour" is ignored',
        'stories/port: not valid (1 error, 1 warning)',
        '',
      ].join('\n'),
    );
  });

  it('exits 0 when there are only warnings', async () => {
    const cwd = await workFolder({ 'lore.yaml': '- key: Bells\n  content: c\n  mood: grim\n' });
    const terminal = fakeTerminal(cwd);
    expect(await validateCommand.run(['stories/port'], terminal.context)).toBe(0);
    expect(terminal.stdout()).toBe(
      'stories/port/lore.yaml:3:3: warning: unknown key "mood" is ignored\nstories/port: harbour-night 1.0.0 is valid (0 errors, 1 warning)\n',
    );
  });

  it('reports as JSON with --json', async () => {
    const cwd = await workFolder();
    const terminal = fakeTerminal(cwd);
    expect(await validateCommand.run(['--json', 'stories/port'], terminal.context)).toBe(0);
    const report: unknown = JSON.parse(terminal.stdout());
    expect(report).toMatchObject({
      dir: 'stories/port',
      ok: true,
      errors: 0,
      warnings: 0,
      diagnostics: [],
      pack: { id: 'harbour-night' },
    });
  });

  it('reports a folder that is no pack with exit 1, and a missing argument as a usage error', async () => {
    const cwd = await tempDir();
    const terminal = fakeTerminal(cwd);
    expect(await validateCommand.run(['nowhere'], terminal.context)).toBe(1);
    expect(terminal.stdout()).toMatch(/^nowhere:1:1: error: no story pack here/u);
    await expect(validateCommand.run([], terminal.context)).rejects.toThrow(
      'validate needs the folder of a story pack',
    );
  });
});

describe('storyloom schema', () => {
  it('prints one kind’s JSON Schema', async () => {
    const terminal = fakeTerminal(await tempDir());
    expect(await schemaCommand.run(['character'], terminal.context)).toBe(0);
    const schema: unknown = JSON.parse(terminal.stdout());
    expect(schema).toMatchObject({ type: 'object', properties: { chattiness: { maximum: 100 } } });
  });

  it('writes every kind with --out', async () => {
    const cwd = await tempDir();
    const terminal = fakeTerminal(cwd);
    expect(await schemaCommand.run(['--out', 'schemas'], terminal.context)).toBe(0);
    expect(terminal.stdout()).toContain('wrote schemas/story.schema.json\n');
    const story: unknown = JSON.parse(await readFile(path.join(cwd, 'schemas/story.schema.json'), 'utf8'));
    expect(story).toMatchObject({
      title: 'Storyloom story.yaml',
      required: expect.arrayContaining(['id', 'ifid', 'start']),
    });
  });

  it('refuses an unknown kind as a usage error', async () => {
    const terminal = fakeTerminal(await tempDir());
    await expect(schemaCommand.run(['dragons'], terminal.context)).rejects.toThrow('unknown schema "dragons"');
  });
});
