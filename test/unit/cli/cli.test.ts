import { describe, expect, it } from 'vitest';
import { runCli } from '../../../engine/cli/main.ts';

/** Runs the CLI in-process with an output-collecting io (a test boundary fake of the terminal). */
async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    argv,
    { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
    {},
    new AbortController().signal,
  );
  return { code, stdout, stderr };
}

describe('the storyloom command', () => {
  it('lists its commands with --help and exits 0', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('usage: storyloom');
    expect(stdout).toMatch(/\bmodels\b/u);
    expect(stdout).toMatch(/\bserve\b/u);
  });

  it('prints its version', async () => {
    const { code, stdout } = await cli('--version');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^storyloom \d+\.\d+\.\d+/u);
  });

  it('exits 2 with a clear message for an unknown command', async () => {
    const { code, stderr } = await cli('fly');
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "fly"');
  });

  it('exits 2 when --home has no folder', async () => {
    const { code, stderr } = await cli('serve', '--home');
    expect(code).toBe(2);
    expect(stderr).toContain('--home needs a folder');
  });
});
