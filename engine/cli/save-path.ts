import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CliContext } from './command.ts';

/**
 * The save file a command names: a path (from the working folder), else a save's name (its id, as `play` prints it) in
 * the saves folder. Every command that reads a save finds it the same way.
 */
export function resolveSave(context: CliContext, save: string): string {
  const direct = path.resolve(context.cwd, save);
  if (existsSync(direct)) return direct;
  const inLibrary = path.join(context.roots.saves, path.basename(save));
  if (existsSync(inLibrary)) return inLibrary;
  throw new Error(`no save "${save}" here or in ${context.roots.saves}`);
}
