import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScriptedProvider, parseScript } from '../../../engine/llm/scripted/index.ts';
import { LlmError } from '../../../engine/llm/types.ts';

function problemsOf(text: string): string[] {
  try {
    parseScript(text, 'play.yaml');
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    expect(error.kind).toBe('config');
    return error.message.split('\n').slice(1);
  }
  throw new Error('expected the script to be rejected');
}

describe('scripted fixtures: diagnostics', () => {
  it('reports YAML syntax errors with file:line:col', () => {
    expect(problemsOf('- stage: narrator\n  reply: [unclosed\n')).toEqual([
      expect.stringMatching(/^play\.yaml:3:1: .*flow sequence/iu),
    ]);
  });

  it('reports every schema problem at the offending line', () => {
    const text = [
      '- stage: narrator', //        1
      '  reply: fine', //            2
      '- stage: narator', //         3
      '  reply: typo in stage', //   4
      '- stage: npc_intent', //      5
      '  delayMs: -5', //            6
      '  reply: x', //               7
      '- stage: chronicler', //      8
      '  replies: oops', //          9
      '- stage: cohort_member', //   10
      '  error: exploded', //        11
      '- principal: mira', //        12
      '  reply: 42', //              13
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/^play\.yaml:3:10: stage: unknown stage "narator"; stages are narrator, character_dialog/u),
      expect.stringMatching(/^play\.yaml:6:12: delayMs: Too small.*>=0/u),
      expect.stringMatching(/^play\.yaml:9:3: Unrecognized key: "replies"/u),
      'play.yaml:8:3: an entry needs either `reply` or `error` (exactly one)',
      expect.stringMatching(/^play\.yaml:11:10: error: unknown error kind "exploded"; kinds are aborted, timeout/u),
      'play.yaml:12:3: stage: is missing',
      'play.yaml:13:10: reply: must be text, a mapping or a list',
    ]);
  });

  it('requires a list of entries', () => {
    expect(problemsOf('stage: narrator\nreply: hi\n')).toEqual([
      'play.yaml:1:1: a script is a list of entries (- stage: …)',
    ]);
  });

  it('accepts an empty file as an empty script', () => {
    expect(parseScript('# nothing yet\n', 'empty.yaml')).toEqual([]);
  });

  it('names the file when it cannot be read or is invalid', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'storyloom-script-'));
    try {
      const file = join(folder, 'bad.yaml');
      await writeFile(file, '- stage: narrator\n  reply: ok\n  colour: blue\n');
      await expect(createScriptedProvider({ file })).rejects.toThrow(
        `the script ${file} is invalid:\n${file}:3:3: Unrecognized key: "colour"`,
      );
      await expect(createScriptedProvider({ file: join(folder, 'missing.yaml') })).rejects.toMatchObject({
        kind: 'config',
        message: expect.stringContaining(`cannot read the script ${join(folder, 'missing.yaml')}`),
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
