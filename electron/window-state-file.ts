import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseWindowState, type WindowState } from './window-state.ts';

/** `window.json` in the user-data home. A missing or damaged file just means the default window. */
export const WINDOW_STATE_FILE = 'window.json';

export function loadWindowState(home: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(readFileSync(path.join(home, WINDOW_STATE_FILE), 'utf8')));
  } catch {
    return null;
  }
}

/** Synchronous on purpose: it runs as the window closes, and the app may quit right after. */
export function saveWindowState(home: string, state: WindowState): void {
  const file = path.join(home, WINDOW_STATE_FILE);
  mkdirSync(home, { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`);
  renameSync(`${file}.tmp`, file);
}
