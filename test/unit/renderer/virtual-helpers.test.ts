import { describe, expect, it } from 'vitest';
import { indexAt, offsetsOf, rangeFor } from '../../../renderer/play/offsets.ts';
import { needsModelSetup } from '../../../renderer/stores/app-store.ts';
import { defaultExportPath } from '../../../renderer/library/export-path.ts';
import { defaultSettings } from '../../../engine/api/index.ts';

describe('windowing offsets', () => {
  const keys = [1, 2, 3, 4, 5];
  const offsets = offsetsOf(keys, new Map([[2, 200]]), 100);

  it('uses measured heights where known and the estimate elsewhere', () => {
    expect([...offsets]).toEqual([0, 100, 300, 400, 500, 600]);
  });

  it('finds the row under a y position', () => {
    expect(indexAt(offsets, 0)).toBe(0);
    expect(indexAt(offsets, 150)).toBe(1);
    expect(indexAt(offsets, 599)).toBe(4);
    expect(indexAt(offsets, 10_000)).toBe(4);
  });

  it('gives the rows in and around a viewport', () => {
    expect(rangeFor(offsets, 310, 100, 0)).toEqual({ start: 2, end: 4 });
    expect(rangeFor(offsets, 310, 100, 1000)).toEqual({ start: 0, end: 5 });
    expect(rangeFor(offsetsOf([], new Map(), 100), 0, 100, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('first run', () => {
  const info = { appVersion: '0.1.0', home: '/h', platform: 'linux', llmOverride: null };
  it('asks for a model only when none is set and none is pinned', () => {
    expect(needsModelSetup(defaultSettings(), info)).toBe(true);
    expect(needsModelSetup(defaultSettings(), { ...info, llmOverride: 'scripted:x.yaml' })).toBe(false);
    const staged = {
      ...defaultSettings(),
      llm: { default: null, stages: { narrator: { kind: 'scripted' as const, file: 'x' } } },
    };
    expect(needsModelSetup(staged, info)).toBe(false);
    expect(needsModelSetup(null, info)).toBe(false);
    expect(needsModelSetup(defaultSettings(), null)).toBe(false);
  });
});

describe('export path', () => {
  it('goes to the exports folder of the home', () => {
    expect(defaultExportPath('/home/r/.storyloom', 'first-morning.storyloom')).toBe(
      '/home/r/.storyloom/exports/first-morning.storyloom',
    );
    expect(defaultExportPath('C:\\Users\\r', 'a.storyloom')).toBe('C:\\Users\\r\\exports\\a.storyloom');
  });
});
