import { UsageError } from './command.ts';

export interface GlobalOptions {
  readonly home: string | undefined;
  readonly help: boolean;
  readonly version: boolean;
  readonly command: string | undefined;
  readonly rest: readonly string[];
}

/** Options valid before or after the command name: `--home DIR`, `--help`, `--version`. */
export function parseGlobalOptions(argv: readonly string[]): GlobalOptions {
  let home: string | undefined;
  let help = false;
  let version = false;
  let command: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--home' || arg.startsWith('--home=')) {
      const value = arg.includes('=') ? arg.slice('--home='.length) : argv[++i];
      if (!value) throw new UsageError('--home needs a folder');
      home = value;
    } else if ((arg === '--help' || arg === '-h') && command === undefined) {
      help = true;
    } else if ((arg === '--version' || arg === '-v') && command === undefined) {
      version = true;
    } else if (command === undefined && !arg.startsWith('-')) {
      command = arg;
    } else {
      rest.push(arg);
    }
  }
  return { home, help, version, command, rest };
}
