import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  errorMessage,
  EngineError,
  defaultSettings,
  settingsSchema,
  upgradeSettingsJson,
  type Settings,
} from '../api/index.ts';

export interface LoadedSettings {
  readonly settings: Settings;
  /** Why the file on disk was not used (it is left untouched until the user saves new settings). */
  readonly problem: string | null;
}

/** Reads the settings file; a missing file means defaults, a broken one means defaults plus a clear problem. */
export async function loadSettings(file: string): Promise<LoadedSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return { settings: defaultSettings(), problem: null };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = errorMessage(error);
    return { settings: defaultSettings(), problem: `${file}: not valid JSON (${reason}); using default settings` };
  }
  const parsed = settingsSchema.safeParse(upgradeSettingsJson(json));
  if (!parsed.success) {
    return {
      settings: defaultSettings(),
      problem: `${file}: ${z.prettifyError(parsed.error)}; using default settings`,
    };
  }
  return { settings: parsed.data, problem: null };
}

/** Validates, then writes atomically (temp file + rename) so a crash never leaves half a settings file. */
export async function saveSettings(file: string, settings: Settings): Promise<Settings> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) throw new EngineError('invalid_params', `invalid settings: ${z.prettifyError(parsed.error)}`);
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(parsed.data, null, 2)}\n`, 'utf8');
  await rename(temp, file);
  return parsed.data;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
