import type { CliCommand } from '../command.ts';
import { exportCommand } from './export.ts';
import { importCommand } from './import.ts';
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
  importCommand,
  exportCommand,
  modelsCommand,
];
