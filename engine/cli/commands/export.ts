import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportCharacterCard } from '../../pack/index.ts';
import { systemClock } from '../../platform/index.ts';
import { UsageError, type CliCommand } from '../command.ts';
import { readAppVersion } from '../install-paths.ts';
import { unwrap, withSaveApi } from '../save-api.ts';

const USAGE = [
  'storyloom export card <pack-dir> <character-id> <out.png> [--force]',
  '       storyloom export transcript <save> <out.md|out.html> [--thoughts] [--force]',
].join('\n');

/** A character as a V2 + V3 PNG card, or a save's story as Markdown or HTML. Never overwrites without --force. */
export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'Export a character as a PNG card, or a save’s transcript as Markdown or HTML',
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: {
        thoughts: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      context.io.stdout(`usage: ${USAGE}\n`);
      return 0;
    }
    const [what, ...rest] = positionals;
    const at = (file: string): string => path.resolve(context.cwd, file);
    if (what === 'card') {
      const [packDir, characterId, out, ...extra] = rest;
      if (packDir === undefined || characterId === undefined || out === undefined || extra.length > 0)
        throw new UsageError('export card needs <pack-dir> <character-id> <out.png>');
      const modifiedAt = Math.floor(systemClock.now() / 1000);
      const png = await exportCharacterCard(at(packDir), characterId, readAppVersion(), { modifiedAt });
      await writeOut(at(out), png, values.force);
      context.io.stdout(`Exported ${characterId} as a V2 + V3 card: ${out}\n`);
      return 0;
    }
    if (what === 'transcript') {
      const [save, out, ...extra] = rest;
      if (save === undefined || out === undefined || extra.length > 0)
        throw new UsageError('export transcript needs <save> <out.md|out.html>');
      const html = /\.html?$/iu.test(out);
      if (!html && !/\.(md|markdown)$/iu.test(out))
        throw new UsageError('the transcript file must end in .md or .html');
      const format = html ? 'html' : 'markdown';
      // The save's story as the app exports it: one EngineApi call (names and opening from an installed pack only).
      const { text } = await withSaveApi(context, save, { playedPacks: false }, async (api, id) =>
        unwrap(await api['saves.transcript']({ id, format, thoughts: values.thoughts })),
      );
      await writeOut(at(out), text, values.force);
      context.io.stdout(`Exported the transcript: ${out}\n`);
      return 0;
    }
    throw new UsageError('export what? card or transcript');
  },
};

async function writeOut(file: string, content: string | Uint8Array, force: boolean): Promise<void> {
  try {
    await writeFile(file, content, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST')
      throw new Error(`${file} already exists; pass --force to replace it`, { cause: error });
    throw error;
  }
}
