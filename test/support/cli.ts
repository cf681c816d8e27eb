import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from '../../engine/cli/main.ts';
import { STORIES_DIR } from './playthrough.ts';

/** Runs the CLI in-process with an output-collecting terminal (a test boundary fake). */
export async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text) };
  const code = await runCli(argv, io, {}, new AbortController().signal);
  return { code, stdout, stderr };
}

/** Replays Lantern Quay's scripted arrival into `home` with `storyloom play`; returns the save's file name. */
export async function replayArrival(home: string): Promise<string> {
  const quay = path.join(STORIES_DIR, 'lantern-quay', 'fixtures');
  const played = await cli(
    '--home',
    home,
    'play',
    path.join(STORIES_DIR, 'lantern-quay'),
    '--llm',
    `scripted:${path.join(quay, 'arrival.yaml')}`,
    '--inputs',
    path.join(quay, 'arrival.inputs'),
    '--json',
  );
  const [save] = (await readdir(path.join(home, 'saves'))).filter((file) => file.endsWith('.storyloom'));
  if (save === undefined) throw new Error(`no save was written: ${played.stderr}`);
  return save;
}
