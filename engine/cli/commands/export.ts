import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installedPack } from '../installed-pack.ts';
import { exportCharacterCard, transcriptHtml, transcriptMarkdown } from '../../pack/index.ts';
import { systemClock } from '../../platform/index.ts';
import { openSave, type StoredMessage } from '../../store/index.ts';
import { UsageError, type CliCommand, type CliContext } from '../command.ts';
import { readAppVersion } from '../install-paths.ts';
import { resolveSave } from '../save-path.ts';
import type { StoryPack } from '../../pack/index.ts';
import { openingText } from '../../turn/index.ts';

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
      const text = await transcript(context, resolveSave(context, save), html, values.thoughts);
      await writeOut(at(out), text, values.force);
      context.io.stdout(`Exported the transcript: ${out}\n`);
      return 0;
    }
    throw new UsageError('export what? card or transcript');
  },
};

async function transcript(context: CliContext, saveFile: string, html: boolean, thoughts: boolean): Promise<string> {
  const appVersion = readAppVersion();
  const store = await openSave(saveFile, { clock: systemClock, appVersion }, 'read');
  let messages: StoredMessage[];
  let meta;
  try {
    meta = store.meta();
    messages = store.messagesBefore(null, Math.max(1, store.messageCount()));
  } finally {
    store.close();
  }
  const pack = await installedPack(context, meta.packId, appVersion);
  const options = {
    title: meta.title,
    personaId: meta.personaId,
    // Speakers' display names and the opening come from the save's pack when it is installed; without it the
    // transcript shows ids and starts at the first turn.
    names: pack === null ? {} : namesOf(pack),
    opening: pack === null ? null : openingText(pack, meta.personaId),
    thoughts,
  };
  return html ? transcriptHtml(messages, options) : transcriptMarkdown(messages, options);
}

function namesOf(pack: StoryPack): Record<string, string> {
  return Object.fromEntries([...pack.characters, ...pack.personas].map((item) => [item.id, item.name]));
}

async function writeOut(file: string, content: string | Uint8Array, force: boolean): Promise<void> {
  try {
    await writeFile(file, content, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST')
      throw new Error(`${file} already exists; pass --force to replace it`, { cause: error });
    throw error;
  }
}
