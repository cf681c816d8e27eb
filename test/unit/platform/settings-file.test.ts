import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../engine/api/index.ts';
import { loadSettings, saveSettings } from '../../../engine/host/index.ts';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyloom-settings-'));
  file = path.join(dir, 'settings.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the settings file', () => {
  it('gives defaults when there is no file yet', async () => {
    expect(await loadSettings(file)).toEqual({ settings: defaultSettings(), problem: null });
  });

  it('round-trips what was saved, including per-stage routing', async () => {
    const settings = {
      ...defaultSettings(),
      llm: {
        default: { kind: 'local' as const, modelPath: 'model.gguf', gpu: 'auto' as const, threads: 'auto' as const },
        stages: { lore_extractor: { kind: 'scripted' as const, file: 'x.yaml' } },
      },
    };
    await saveSettings(file, settings);
    expect((await loadSettings(file)).settings).toEqual(settings);
  });

  it('reads a file from before the threads setting: maxThreads 0 becomes "auto", a count is kept', async () => {
    const local = { kind: 'local', modelPath: 'model.gguf', gpu: 'cpu' };
    await writeFile(
      file,
      JSON.stringify({
        llm: { default: { ...local, maxThreads: 0 }, stages: { narrator: { ...local, maxThreads: 3 } } },
      }),
    );
    const loaded = await loadSettings(file);
    expect(loaded.problem).toBeNull();
    expect(loaded.settings.llm.default).toEqual({ ...local, threads: 'auto' });
    expect(loaded.settings.llm.stages.narrator).toEqual({ ...local, threads: 3 });
  });

  it('falls back to defaults and names the file when it is not JSON, leaving it untouched', async () => {
    await writeFile(file, '{ broken');
    const loaded = await loadSettings(file);
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.problem).toContain(file);
    expect(await readFile(file, 'utf8')).toBe('{ broken');
  });

  it('reports which field is invalid', async () => {
    await writeFile(file, JSON.stringify({ appearance: { theme: 'neon' } }));
    expect((await loadSettings(file)).problem).toMatch(/theme/u);
  });

  it('refuses to write invalid settings', async () => {
    const invalid = {
      ...defaultSettings(),
      appearance: { theme: 'light' as const, font: 'serif' as const, fontSize: 400 },
    };
    await expect(saveSettings(file, invalid)).rejects.toMatchObject({ code: 'invalid_params' });
  });
});
