import type { CliCommand } from '../command.ts';
import { modelsCommand } from './models.ts';
import { serveCommand } from './serve.ts';

/** Every `storyloom` command, in the order `storyloom help` lists them. */
export const COMMANDS: readonly CliCommand[] = [serveCommand, modelsCommand];
