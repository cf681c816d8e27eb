import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layer rules of eslint.config.js, run on sample sources placed (virtually) in each folder.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('layer rules', () => {
  it('fail when engine/ imports electron, react, or the renderer and electron folders', async () => {
    expect(
      await layerErrors('engine/turn/x.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toHaveLength(1);
    expect(await layerErrors('engine/turn/x.ts', "import React from 'react';\nexport const a = React;\n")).toHaveLength(
      1,
    );
    expect(
      await layerErrors('engine/turn/x.ts', "import { x } from '../../renderer/store.ts';\nexport const a = x;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors('engine/turn/x.ts', "import { x } from '../../electron/main.ts';\nexport const a = x;\n"),
    ).toHaveLength(1);
  });

  it('fail when renderer/ imports engine code other than the public API', async () => {
    expect(
      await layerErrors('renderer/src/x.ts', "import { x } from '../../engine/store/index.ts';\nexport const a = x;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'renderer/src/x.ts',
        "import type { x } from '../../engine/turn/index.ts';\nexport type A = x;\n",
      ),
    ).toHaveLength(1);
  });

  it('allow renderer/ to use engine/api and engine/ to use its own rooms', async () => {
    expect(
      await layerErrors(
        'renderer/src/x.ts',
        "import { createEngineClient } from '../../engine/api/index.ts';\nexport const a = createEngineClient;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('engine/turn/x.ts', "import { ok } from '../api/index.ts';\nexport const a = ok;\n"),
    ).toEqual([]);
  });
});
