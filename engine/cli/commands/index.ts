import type { CliCommand } from '../command.ts';
import { inspectCommand } from './inspect.ts';
import { modelsCommand } from './models.ts';
import { playCommand } from './play.ts';
import { schemaCommand } from './schema.ts';
import { serveCommand } from './serve.ts';
import { validateCommand } from './validate.ts';

/** Every `storyloom` command, in the order `storyloom help` lists them. */
export const COMMANDS: readonly CliCommand[] = [
  playCommand,
  serveCommand,
  inspectCommand,
  validateCommand,
  schemaCommand,
  modelsCommand,
];
