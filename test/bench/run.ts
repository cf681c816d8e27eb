// `npm run -s bench -- [--json] [--only PREFIX]`: runs every benchmark in test/bench/*.bench.ts, one after another
// (they measure on a shared 2-core machine: running them in parallel would measure each other).
import { readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Benchmark, BenchmarkResult } from './types.ts';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, only: { type: 'string' } } });
const folder = new URL('./', import.meta.url);
const files = (await readdir(folder)).filter((name) => name.endsWith('.bench.ts')).sort();

const results: Record<string, BenchmarkResult | { error: string }> = {};
for (const file of files) {
  const module: { benchmarks?: readonly Benchmark[] } = await import(new URL(file, folder).href);
  for (const benchmark of module.benchmarks ?? []) {
    if (values.only !== undefined && !benchmark.key.startsWith(values.only)) continue;
    process.stderr.write(`bench ${benchmark.key} …\n`);
    try {
      results[benchmark.key] = await benchmark.run();
    } catch (error) {
      results[benchmark.key] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
}

if (values.json) {
  process.stdout.write(`${JSON.stringify(results)}\n`);
} else {
  for (const [key, result] of Object.entries(results)) {
    const line = 'error' in result ? `error: ${result.error}` : `${result.median} ${result.unit}`;
    process.stdout.write(`${key.padEnd(36)} ${line}\n`);
  }
}
process.exitCode = Object.values(results).some((result) => 'error' in result) ? 1 : 0;
