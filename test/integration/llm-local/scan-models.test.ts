import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanModels } from '../../../engine/llm/models/index.ts';
import { makeTinyModel, type TinyModel } from '../../support/tiny-model.ts';

describe('scanModels', () => {
  let tiny: TinyModel;
  beforeAll(async () => {
    tiny = await makeTinyModel();
    await mkdir(join(tiny.dir, 'family'));
    await writeFile(join(tiny.dir, 'family', 'notes.gguf'), 'these are not weights');
    await writeFile(join(tiny.dir, 'half.gguf.ipull'), 'a partial download');
    await writeFile(join(tiny.dir, 'readme.txt'), 'ignored');
  });
  afterAll(() => tiny.cleanup());

  it("reads the tiny model's metadata and reports a non-GGUF file with an error instead of throwing", async () => {
    const models = await scanModels([tiny.dir, join(tiny.dir, 'missing-folder')]);
    expect(models.map((model) => model.fileName)).toEqual(['notes.gguf', 'tiny.gguf']);
    const [broken, model] = models;
    expect(broken?.error).toMatch(/not a readable GGUF model: .*magic/iu);
    expect(broken?.architecture).toBeNull();
    expect(model).toMatchObject({
      path: tiny.path,
      architecture: 'llama',
      name: 'storyloom-tiny',
      quantization: 'F32',
      contextLength: 32768,
      error: null,
    });
    expect(model?.parameters).toBeGreaterThan(100_000);
    expect(model?.sizeBytes).toBeGreaterThan(model?.parameters ?? 0); // F32: 4 bytes per parameter
    expect(model?.ramEstimateBytes).toBeGreaterThan(model?.sizeBytes ?? 0);
  });

  it('lists a file once even when folders overlap', async () => {
    const models = await scanModels([tiny.dir, tiny.dir]);
    expect(models.filter((model) => model.fileName === 'tiny.gguf')).toHaveLength(1);
  });
});
