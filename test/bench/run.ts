// `npm run -s bench -- [--json] [--only PREFIX[,PREFIX…]] [--check]`: runs every benchmark in test/bench/*.bench.ts, one after
// another (they measure on a shared 2-core machine: running them in parallel would measure each other). With --check
// it exits non-zero when a figure misses its goal, with one line per miss on stderr.
import { readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { missedGoal, type Benchmark, type BenchmarkResult } from './types.ts';
import { errorMessage } from '../../engine/api/index.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    only: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});
const folder = new URL('./', import.meta.url);
const prefixes = values.only?.split(',').filter((prefix) => prefix !== '') ?? null;
const files = (await readdir(folder)).filter((name) => name.endsWith('.bench.ts')).sort();

const results: Record<string, BenchmarkResult | { error: string }> = {};
for (const file of files) {
  const module: { benchmarks?: readonly Benchmark[] } = await import(new URL(file, folder).href);
  for (const benchmark of module.benchmarks ?? []) {
    if (prefixes !== null && !prefixes.some((prefix) => benchmark.key.startsWith(prefix))) continue;
    process.stderr.write(`bench ${benchmark.key} …\n`);
    try {
      results[benchmark.key] = await benchmark.run();
    } catch (error) {
      results[benchmark.key] = { error: errorMessage(error) };
    }
  }
}

if (values.json) {
  process.stdout.write(`${JSON.stringify(results)}\n`);
} else {
  for (const [key, result] of Object.entries(results)) {
    const goal =
      'error' in result || result.goal === undefined ? '' : `  (goal ${result.goalDirection} ${result.goal})`;
    const line = 'error' in result ? `error: ${result.error}` : `${result.median} ${result.unit}${goal}`;
    process.stdout.write(`${key.padEnd(36)} ${line}\n`);
  }
}
const failed = Object.values(results).some((result) => 'error' in result);
const misses = values.check
  ? Object.entries(results).flatMap(([key, result]) => {
      const miss = 'error' in result ? null : missedGoal(key, result);
      return miss === null ? [] : [miss];
    })
  : [];
for (const miss of misses) process.stderr.write(`MISSED ${miss}\n`);
process.exitCode = failed || misses.length > 0 ? 1 : 0;
