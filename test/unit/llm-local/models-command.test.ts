import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliContext } from '../../../engine/cli/command.ts';
import { UsageError } from '../../../engine/cli/command.ts';
import { modelsCommand } from '../../../engine/cli/commands/models.ts';
import { buildTinyLlamaGguf } from '../../../engine/llm/tiny/index.ts';

/** A test boundary fake of the terminal: collects what the command prints. */
class FakeTerminalIo {
  stdout = '';
  stderr = '';
  readonly io = { stdout: (text: string) => (this.stdout += text), stderr: (text: string) => (this.stderr += text) };
}

describe('storyloom models', () => {
  let home: string;
  let modelsDir: string;
  const contextFor = (terminal: FakeTerminalIo): CliContext => ({
    io: terminal.io,
    env: {},
    cwd: home,
    signal: new AbortController().signal,
    roots: {
      home,
      builtinStories: join(home, 'builtin'),
      userStories: join(home, 'stories'),
      saves: join(home, 'saves'),
      models: [modelsDir],
      settingsFile: join(home, 'settings.json'),
    },
  });

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'storyloom-models-cli-'));
    modelsDir = join(home, 'models');
    await mkdir(modelsDir);
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('make-tiny writes the seeded tiny model and prints its path', async () => {
    const terminal = new FakeTerminalIo();
    const code = await modelsCommand.run(['make-tiny', 'models/tiny.gguf', '--seed', '5'], contextFor(terminal));
    expect(code).toBe(0);
    expect(terminal.stdout.trim()).toBe(join(modelsDir, 'tiny.gguf'));
    expect(Buffer.compare(await readFile(join(modelsDir, 'tiny.gguf')), buildTinyLlamaGguf({ seed: 5 }))).toBe(0);
  });

  it('list shows the catalog and the local models with their metadata, and reports unreadable files', async () => {
    await writeFile(join(modelsDir, 'broken.gguf'), 'definitely not gguf');
    const terminal = new FakeTerminalIo();
    expect(await modelsCommand.run(['list'], contextFor(terminal))).toBe(0);
    expect(terminal.stdout).toContain('Mistral Nemo');
    expect(terminal.stdout).toMatch(/storyloom-tiny .*tiny\.gguf\)\n\s+llama, 130K parameters, F32, 32768 context/u);
    expect(terminal.stdout).toMatch(/broken\.gguf\n\s+unreadable: not a readable GGUF model/u);

    const json = new FakeTerminalIo();
    expect(await modelsCommand.run(['list', '--json'], contextFor(json))).toBe(0);
    const listed = JSON.parse(json.stdout) as {
      catalog: unknown[];
      local: { fileName: string; error: string | null }[];
    };
    expect(listed.catalog).toHaveLength(3);
    expect(listed.local.map((model) => [model.fileName, model.error === null])).toEqual([
      ['broken.gguf', false],
      ['tiny.gguf', true],
    ]);
  });

  it('throws UsageError for bad arguments', async () => {
    const context = contextFor(new FakeTerminalIo());
    await expect(modelsCommand.run([], context)).rejects.toBeInstanceOf(UsageError);
    await expect(modelsCommand.run(['fly'], context)).rejects.toBeInstanceOf(UsageError);
    await expect(modelsCommand.run(['make-tiny'], context)).rejects.toBeInstanceOf(UsageError);
    await expect(modelsCommand.run(['make-tiny', 'x.gguf', '--seed', 'abc'], context)).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(modelsCommand.run(['pull', 'ftp://example.com/x.gguf'], context)).rejects.toBeInstanceOf(UsageError);
    await expect(modelsCommand.run(['list', '--bogus'], context)).rejects.toBeInstanceOf(UsageError);
  });
});
