import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../engine/llm/models/index.ts';

describe('the model catalog', () => {
  it('ships three valid recommendations: small, medium and large', async () => {
    const catalog = await loadCatalog();
    expect(catalog.map((model) => model.size)).toEqual(['small', 'medium', 'large']);
    for (const model of catalog) {
      expect(model.uri).toMatch(/^hf:[\w.-]+\/[\w.-]+\/.+\.gguf$/u);
      expect(model.uri.endsWith(model.fileName)).toBe(true);
      expect(model.ramBytes).toBeGreaterThan(model.downloadBytes);
    }
  });

  it('rejects a malformed catalog with a message naming the file and the problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storyloom-catalog-'));
    try {
      const path = join(dir, 'catalog.json');
      const bad = { version: 1, models: [{ id: 'x', size: 'huge', title: 'X' }] };
      await writeFile(path, JSON.stringify(bad));
      await expect(loadCatalog(path)).rejects.toThrow(
        new RegExp(`${path.replaceAll('/', '\\/')} is invalid[\\s\\S]*size`, 'u'),
      );
      await writeFile(path, '{ not json');
      await expect(loadCatalog(path)).rejects.toThrow(/cannot read the model catalog/u);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
