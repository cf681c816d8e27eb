import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../support/import-graph.ts';

describe('import cycles', () => {
  it('are found: each strongly connected group of files is reported once', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('do not exist in the engine, the renderer or electron (type-only imports included)', () => {
    const graph = importGraph(process.cwd(), ['engine', 'renderer', 'electron']);
    expect(graph.size).toBeGreaterThan(500);
    expect(importCycles(graph)).toEqual([]);
  });
});
