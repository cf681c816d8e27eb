import path from 'node:path';
import { parseArgs } from 'node:util';
import { importFile, type ImportAs, type ImportSummary } from '../../pack/index.ts';
import { UsageError, type CliCommand } from '../command.ts';
import { readAppVersion } from '../install-paths.ts';
import { errorMessage } from '../../api/index.ts';

const USAGE = 'storyloom import <file> --into <pack-dir> [--as character|lore]';

/** Character cards and lorebooks from the community into a pack; prints what came in, writes nothing on any error. */
export const importCommand: CliCommand = {
  name: 'import',
  summary: 'Import a character card (PNG, CHARX, JSON) or a lorebook (World Info, lorebook_v3) into a pack',
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { into: { type: 'string' }, as: { type: 'string' }, help: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      context.io.stdout(`usage: ${USAGE}\n`);
      return 0;
    }
    const [file, ...extra] = positionals;
    if (file === undefined) throw new UsageError('import needs the file to import');
    if (extra.length > 0) throw new UsageError(`import takes one file, got ${positionals.length}`);
    if (values.into === undefined) throw new UsageError('import needs --into <pack-dir>');
    const as = importAs(values.as);
    const summary = await importFile(path.resolve(context.cwd, file), {
      into: path.resolve(context.cwd, values.into),
      as,
      appVersion: readAppVersion(),
    }).catch((error: unknown) => {
      // importFile checks everything before writing and undoes a failed write, so this is always true.
      const message = errorMessage(error);
      throw new Error(`${message} (nothing was written)`, { cause: error });
    });
    context.io.stdout(describeImport(summary, path.relative(context.cwd, summary.packDir) || '.'));
    return 0;
  },
};

function importAs(value: string | undefined): ImportAs | null {
  if (value === undefined) return null;
  if (value === 'character' || value === 'lore') return value;
  throw new UsageError(`--as must be character or lore, got "${value}"`);
}

export function describeImport(summary: ImportSummary, where: string): string {
  const lines = [`Imported a ${summary.format} into ${where}${summary.createdPack ? ' (a new pack)' : ''}:`];
  if (summary.character !== null) lines.push(`  character: ${summary.character.name} (${summary.character.id})`);
  if (summary.lore.length > 0) lines.push(`  lore: ${summary.lore.length} entries (${summary.lore.join(', ')})`);
  for (const skipped of summary.skipped) lines.push(`  skipped: ${skipped}`);
  for (const note of summary.notes) lines.push(`  note: ${note}`);
  lines.push(summary.files.length > 0 ? `  wrote: ${summary.files.join(', ')}` : '  wrote nothing (nothing new)');
  return `${lines.join('\n')}\n`;
}
