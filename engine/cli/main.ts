import os from 'node:os';
import { rootsFor, resolveHome } from '../platform/index.ts';
import { UsageError, type CliCommand, type CliContext, type CliIo } from './command.ts';
import { parseGlobalOptions } from './global-options.ts';
import { BUILTIN_STORIES_DIR, readAppVersion } from './install-paths.ts';
import { COMMANDS } from './commands/index.ts';
import { errorMessage } from '../api/index.ts';

/** `storyloom <command> …`. Returns the exit code: 0 success, 1 failure, 2 usage error. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
  signal: AbortSignal,
): Promise<number> {
  let command: CliCommand | undefined;
  try {
    const options = parseGlobalOptions(argv);
    if (options.version) {
      io.stdout(`storyloom ${readAppVersion()}\n`);
      return 0;
    }
    if (options.help || options.command === undefined || options.command === 'help') {
      io.stdout(helpText());
      return options.command === undefined && !options.help ? 2 : 0;
    }
    command = COMMANDS.find((candidate) => candidate.name === options.command);
    if (command === undefined) throw new UsageError(`unknown command "${options.command}"`);
    const home = resolveHome({ override: options.home, env, platform: process.platform, userHome: os.homedir() });
    // `npm run storyloom` runs in the repository root; INIT_CWD is where the user typed the command.
    const cwd = env['INIT_CWD'] ?? process.cwd();
    const context: CliContext = { io, env, roots: rootsFor(home, BUILTIN_STORIES_DIR), cwd, signal };
    return await command.run(options.rest, context);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`storyloom: ${error.message}\n${command ? `usage: ${command.usage}\n` : helpText()}`);
      return 2;
    }
    io.stderr(`storyloom: ${errorMessage(error)}\n`);
    return 1;
  }
}

function helpText(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const lines = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'storyloom — solo interactive fiction, narrated by language models on your own machine',
    '',
    'usage: storyloom [--home DIR] <command> [options]',
    '',
    'commands:',
    ...lines,
    '',
    'Run `storyloom <command> --help` for a command’s options. STORYLOOM_HOME or --home sets the user-data folder.',
    '',
  ].join('\n');
}
