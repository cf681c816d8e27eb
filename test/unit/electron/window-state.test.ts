import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  captureWindowState,
  DEFAULT_SIZE,
  parseWindowState,
  restoreBounds,
  type DisplayLike,
} from '../../../electron/window-state.ts';
import { loadWindowState, saveWindowState, WINDOW_STATE_FILE } from '../../../electron/window-state-file.ts';

const laptop: DisplayLike = { workArea: { x: 0, y: 0, width: 1440, height: 900 } };
const external: DisplayLike = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };

describe('restoring the window', () => {
  it('puts it back where it was when a display shows it', () => {
    const saved = { x: 1600, y: 100, width: 1300, height: 900, maximized: false };
    expect(restoreBounds(saved, [laptop, external])).toEqual(saved);
  });

  it('keeps the maximized flag', () => {
    expect(restoreBounds({ x: 10, y: 10, width: 800, height: 600, maximized: true }, [laptop]).maximized).toBe(true);
  });

  it('falls back to the centred default when its display is gone', () => {
    const saved = { x: 1600, y: 100, width: 1300, height: 900, maximized: false };
    expect(restoreBounds(saved, [laptop])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it('falls back when only a sliver would show, or the title bar would be above the screen', () => {
    expect(restoreBounds({ x: 1400, y: 100, width: 800, height: 600, maximized: false }, [laptop])).not.toHaveProperty(
      'x',
    );
    expect(restoreBounds({ x: 100, y: -500, width: 800, height: 600, maximized: false }, [laptop])).not.toHaveProperty(
      'x',
    );
  });

  it('clamps a window larger than its display, or hanging over an edge, inside the work area', () => {
    expect(restoreBounds({ x: 100, y: 50, width: 3000, height: 2000, maximized: false }, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 900,
      maximized: false,
    });
    expect(restoreBounds({ x: 1000, y: 500, width: 800, height: 600, maximized: false }, [laptop])).toEqual({
      x: 640,
      y: 300,
      width: 800,
      height: 600,
      maximized: false,
    });
  });

  it('never opens larger than a small display, even by default', () => {
    const small: DisplayLike = { workArea: { x: 0, y: 0, width: 1024, height: 700 } };
    expect(restoreBounds(null, [small])).toEqual({ width: 1024, height: 700, maximized: false });
    expect(restoreBounds(null, [])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });
});

describe('the saved state', () => {
  it('accepts only whole-number bounds with a positive size', () => {
    expect(parseWindowState({ x: 1, y: 2, width: 3, height: 4, maximized: true })).toEqual({
      x: 1,
      y: 2,
      width: 3,
      height: 4,
      maximized: true,
    });
    expect(parseWindowState({ x: 1, y: 2, width: 3, height: 4 })?.maximized).toBe(false);
    for (const bad of [null, 'x', [], { x: 1, y: 2, width: 0, height: 4 }, { x: '1', y: 2, width: 3, height: 4 }]) {
      expect(parseWindowState(bad)).toBeNull();
    }
    expect(parseWindowState({ x: 1.5, y: 2, width: 3, height: 4 })).toBeNull();
  });

  it('captures rounded normal bounds', () => {
    expect(captureWindowState({ x: 1.4, y: 2.6, width: 800.2, height: 600 }, true)).toEqual({
      x: 1,
      y: 3,
      width: 800,
      height: 600,
      maximized: true,
    });
  });

  it('round-trips through window.json in the home, and a damaged file means no state', async () => {
    const home = path.join(await mkdtemp(path.join(tmpdir(), 'storyloom-window-')), 'home');
    expect(loadWindowState(home)).toBeNull();
    const state = { x: 5, y: 6, width: 700, height: 500, maximized: false };
    saveWindowState(home, state);
    expect(loadWindowState(home)).toEqual(state);
    expect(JSON.parse(await readFile(path.join(home, WINDOW_STATE_FILE), 'utf8'))).toEqual(state);
    await writeFile(path.join(home, WINDOW_STATE_FILE), '{ not json');
    expect(loadWindowState(home)).toBeNull();
  });
});
