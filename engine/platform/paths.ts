import path from 'node:path';
import type { FileRoots } from './ports.ts';

export const APP_FOLDER_NAME = 'Storyloom';

export interface HomeResolution {
  /** `--home DIR` from the command line, if given. */
  readonly override?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly userHome: string;
}

/**
 * The user-data folder shared by the app, the CLI and web mode: `--home`, then `STORYLOOM_HOME`, then the OS
 * convention (`~/.config/Storyloom`, `~/Library/Application Support/Storyloom`, `%APPDATA%\Storyloom`).
 */
export function resolveHome({ override, env, platform, userHome }: HomeResolution): string {
  if (override) return path.resolve(override);
  if (env['STORYLOOM_HOME']) return path.resolve(env['STORYLOOM_HOME']);
  if (platform === 'darwin') return path.join(userHome, 'Library', 'Application Support', APP_FOLDER_NAME);
  if (platform === 'win32') {
    return path.win32.join(env['APPDATA'] ?? path.win32.join(userHome, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  }
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(userHome, '.config'), APP_FOLDER_NAME);
}

/** The folders under a home. Built-in stories come from the app's own install, not from the home. */
export function rootsFor(home: string, builtinStories: string, extraModelDirs: readonly string[] = []): FileRoots {
  return {
    home,
    builtinStories,
    userStories: path.join(home, 'stories'),
    saves: path.join(home, 'saves'),
    models: [path.join(home, 'models'), ...extraModelDirs],
    settingsFile: path.join(home, 'settings.json'),
  };
}
