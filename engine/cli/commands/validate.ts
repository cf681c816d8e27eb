import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatDiagnostic, loadPack, type Diagnostic } from '../../pack/index.ts';
import { UsageError, type CliCommand } from '../command.ts';
import { readAppVersion } from '../install-paths.ts';

const USAGE = 'storyloom validate <pack-dir> [--json]';

/** Checks a story pack and prints every problem as `file:line:col: severity: message`. Exit 1 on any error. */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'Check a story pack and list every problem with its file, line and column',
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { json: { type: 'boolean', default: false }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      context.io.stdout(`usage: ${USAGE}\n`);
      return 0;
    }
    const [target, ...extra] = positionals;
    if (target === undefined) throw new UsageError('validate needs the folder of a story pack');
    if (extra.length > 0) throw new UsageError(`validate takes one pack folder, got ${positionals.length}`);

    const dir = path.resolve(context.cwd, target);
    const { pack, diagnostics } = await loadPack(dir, { appVersion: readAppVersion() });
    // Paths as the user typed them (relative to where they stand), so terminals and editors can open them.
    const shown = (diagnostic: Diagnostic): string => displayPath(context.cwd, dir, diagnostic.file);
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    const warnings = diagnostics.length - errors;

    if (values.json) {
      const report = {
        dir: displayPath(context.cwd, dir, '.'),
        ok: errors === 0,
        errors,
        warnings,
        diagnostics: diagnostics.map((diagnostic) => ({ ...diagnostic, file: shown(diagnostic) })),
        pack: pack && {
          id: pack.manifest.id,
          title: pack.manifest.title,
          version: pack.manifest.version,
          contentHash: pack.contentHash,
        },
      };
      context.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      for (const diagnostic of diagnostics) context.io.stdout(`${formatDiagnostic(diagnostic, shown(diagnostic))}\n`);
      context.io.stdout(`${summary(displayPath(context.cwd, dir, '.'), errors, warnings, pack?.manifest)}\n`);
    }
    return errors > 0 ? 1 : 0;
  },
};

function displayPath(cwd: string, dir: string, file: string): string {
  return path.relative(cwd, path.join(dir, file)) || '.';
}

function summary(
  where: string,
  errors: number,
  warnings: number,
  manifest: { id: string; version: string } | undefined,
): string {
  const counts = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return manifest
    ? `${where}: ${manifest.id} ${manifest.version} is valid (${counts})`
    : `${where}: not valid (${counts})`;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
