import type { FileRoots } from '../platform/index.ts';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export interface CliContext {
  readonly io: CliIo;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Folders resolved from `--home`, `STORYLOOM_HOME` or the OS convention. */
  readonly roots: FileRoots;
  readonly cwd: string;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
}

/** A `storyloom <name> …` command. `run` receives the arguments after the command name (global options removed). */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(args: readonly string[], context: CliContext): Promise<number>;
}

/** A usage problem: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
