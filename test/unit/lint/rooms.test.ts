import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { z } from 'zod';

// The room matrix of eslint.config.js, run on sample sources placed (virtually) in engine rooms.
const eslint = new ESLint({ cwd: process.cwd() });

async function roomErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'storyloom/rooms').map((m) => m.message);
}

const roomsOption = z.tuple([
  z.unknown(),
  z.object({ rooms: z.record(z.string(), z.object({ imports: z.array(z.string()) })) }),
]);

describe('room rules', () => {
  it('fail when a lower room imports a higher one', async () => {
    const errors = await roomErrors(
      'engine/store/x.ts',
      "import { a } from '../turn/index.ts';\nexport const b = a;\n",
    );
    expect(errors).toEqual([
      'engine/store may not import engine/turn (the room matrix in eslint.config.js allows: api, platform, stream).',
    ]);
  });

  it('fail when a room reaches past another room’s index, in values, types, re-exports and dynamic imports', async () => {
    const sources = [
      "import { a } from '../../store/open-save.ts';\nexport const b = a;\n",
      "import type { A } from '../../store/types.ts';\nexport type B = A;\n",
      "export { a } from '../../store/open-save.ts';\n",
      "export const load = () => import('../../store/open-save.ts');\n",
    ];
    for (const source of sources) {
      expect(await roomErrors('engine/turn/classify/x.ts', source)).toEqual([
        "Import engine/store through engine/store/index.ts, not '" + /'(\.\.[^']+)'/.exec(source)?.[1] + "'.",
      ]);
    }
  });

  it('keep the Storykeeper maths pure: no adapter, no other room but engine/api', async () => {
    const restricted = async (filePath: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath });
      return (result?.messages ?? [])
        .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
        .map((message) => message.line);
    };
    const maths = [
      "import { a } from './adapters/lore.ts';",
      "import type { B } from '../pack/index.ts';",
      "import { c } from '../api/index.ts';",
      "import { d } from './numbers.ts';",
      'export const e = [a, c, d];',
      'export type F = B;',
      '',
    ].join('\n');
    expect(await restricted('engine/storykeeper/x.ts', maths)).toEqual([1, 2]);
    const lore =
      "import { a } from '../adapters/lore.ts';\nimport { b } from '../../events/index.ts';\nexport const c = [a, b];\n";
    expect(await restricted('engine/storykeeper/lore/x.ts', lore)).toEqual([1, 2]);
    // The adapters and the index may: they are the room's bridge to packs and the turn.
    expect(await restricted('engine/storykeeper/adapters/x.ts', maths.replace('./adapters/lore.ts', './y.ts'))).toEqual(
      [],
    );
  });

  it('fail for a folder the matrix does not name', async () => {
    expect(await roomErrors('engine/attic/x.ts', 'export const a = 1;\n')).toEqual([
      'engine/attic is not in the room matrix of eslint.config.js: add it with the rooms it may import.',
    ]);
  });

  it('allow an index, a named door, and any file of the same room', async () => {
    const source = [
      "import { ok } from '../api/index.ts';",
      "import type { LocalProviderOptions } from '../llm/local/index.ts';",
      "import { x } from './classify/index.ts';",
      "import { y } from './storykeeper/views.ts';",
      'export const a = [ok, x, y];',
      'export type B = LocalProviderOptions;',
      '',
    ].join('\n');
    expect(await roomErrors('engine/turn/x.ts', source)).toEqual([]);
  });

  it('order the rooms so each imports only rooms listed before it (no room cycle)', async () => {
    const rooms = await configuredRooms();
    const seen: string[] = [];
    for (const [room, imports] of rooms) {
      expect(
        imports.filter((imported) => !seen.includes(imported)),
        `engine/${room} imports`,
      ).toEqual([]);
      seen.push(room);
    }
    expect(seen).toContain('turn');
  });

  it('match the room table of engine/README.md, row by row', async () => {
    const readme = readFileSync('engine/README.md', 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z-]+)` +\|[^|]*\|([^|]*)\|$/gm)].map(
      ([, room, imports]) =>
        [
          room,
          (imports ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ] as const,
    );
    const rooms = await configuredRooms();
    expect(rows).toEqual(rooms.map(([room, imports]) => [room, [...imports].sort()]));
  });
});

/** The matrix as ESLint sees it for an engine file: [room, the rooms it may import] in the configured order. */
async function configuredRooms(): Promise<(readonly [string, readonly string[]])[]> {
  const config = z
    .object({ rules: z.object({ 'storyloom/rooms': roomsOption }) })
    .parse(await eslint.calculateConfigForFile('engine/turn/x.ts'));
  return Object.entries(config.rules['storyloom/rooms'][1].rooms).map(([room, { imports }]) => [room, imports]);
}
