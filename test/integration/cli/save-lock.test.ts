import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

const BIN = fileURLToPath(new URL('../../../bin/storyloom.mjs', import.meta.url));
const fixtures = path.join(STORIES_DIR, 'tutorial', 'fixtures');
const llm = ['--llm', `scripted:${path.join(fixtures, 'first-morning.yaml')}`];

let home: string;
const children: ChildProcessWithoutNullStreams[] = [];
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(home, { recursive: true, force: true });
});

/** `storyloom play --save ID` in its own process, interactive, waiting at its prompt (it holds the save). */
async function playingElsewhere(saveId: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, [BIN, '--home', home, 'play', 'tutorial', '--save', saveId, ...llm], {
    stdio: 'pipe',
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Write what you intend')) resolve();
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.on('exit', (code) => reject(new Error(`the first player exited (${code}): ${output}`)));
  });
  return child;
}

describe('two Storyloom processes on one save', () => {
  it('refuses the second writer with the first one’s pid, lets inspect read, and frees the save when the first quits', async () => {
    const inputs = path.join(fixtures, 'first-morning.inputs');
    const created = await cli('--home', home, 'play', 'tutorial', ...llm, '--inputs', inputs, '--json');
    expect(created.code, created.stderr).toBe(0);
    const [saveId] = (await readdir(path.join(home, 'saves'))).filter((name) => name.endsWith('.storyloom'));
    if (saveId === undefined) throw new Error('no save was written');

    const first = await playingElsewhere(saveId);
    // `/help` needs no model: the second process only has to open the save for play.
    const second = await cli('--home', home, 'play', 'tutorial', '--save', saveId, ...llm, '--input', '/help');
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      new RegExp(`This save is open in Storyloom \\(pid ${first.pid}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)`, 'u'),
    );
    expect(second.stderr).not.toMatch(/UNIQUE|SQLITE/u);

    // Readers may read a save in use.
    const inspected = await cli('--home', home, 'inspect', saveId, 'stream', '--json');
    expect(inspected.code, inspected.stderr).toBe(0);
    expect(inspected.stdout).toContain('"turn":4');

    // Ctrl-D in the first: it closes the save, and the second may play.
    const exited = new Promise<number | null>((resolve) => first.on('exit', resolve));
    first.stdin.end();
    expect(await exited).toBe(0);
    const after = await cli('--home', home, 'play', 'tutorial', '--save', saveId, ...llm, '--input', '/help');
    expect(after.code, after.stderr).toBe(0);
  });
});
