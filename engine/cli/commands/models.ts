import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CatalogModel, DownloadProgress, LocalModelInfo } from '../../api/index.ts';
import { downloadModel, loadCatalog, scanModels } from '../../llm/models/index.ts';
import { writeTinyLlamaGguf } from '../../llm/tiny/index.ts';
import { UsageError, type CliCommand, type CliContext } from '../command.ts';
import { benchModel } from './models-bench.ts';
import { errorMessage } from '../../api/index.ts';

const USAGE = [
  'storyloom models list [--json]',
  '       storyloom models pull <https-url | hf:user/repo/file.gguf> [--dir DIR]',
  '       storyloom models make-tiny <out.gguf> [--seed N]',
  '       storyloom models bench <model.gguf> [--threads auto|N] [--rounds N] [--json]',
].join('\n');

/** Exit code of a download cancelled with Ctrl-C (128 + SIGINT), as shells report it. */
const EXIT_CANCELLED = 130;

export const modelsCommand: CliCommand = {
  name: 'models',
  summary: 'List, download, measure and make local GGUF models',
  usage: USAGE,
  async run(args, context) {
    const [subcommand, ...rest] = args;
    if (subcommand === undefined) throw new UsageError('which one: list, pull, bench or make-tiny?');
    if (subcommand === '--help' || subcommand === '-h') {
      context.io.stdout(`usage: ${USAGE}\n`);
      return 0;
    }
    if (subcommand === 'list') return listModels(rest, context);
    if (subcommand === 'pull') return pullModel(rest, context);
    if (subcommand === 'make-tiny') return makeTiny(rest, context);
    if (subcommand === 'bench') return benchModel(rest, context);
    throw new UsageError(`unknown models subcommand "${subcommand}" (list, pull, bench or make-tiny)`);
  },
};

async function listModels(args: readonly string[], context: CliContext): Promise<number> {
  const { values } = parse(args, { json: { type: 'boolean', default: false } }, 0);
  const [catalog, local] = await Promise.all([loadCatalog(), scanModels(context.roots.models)]);
  if (values.json === true) {
    context.io.stdout(`${JSON.stringify({ catalog, local, folders: context.roots.models }, null, 2)}\n`);
    return 0;
  }
  const localNames = new Set(local.map((model) => model.fileName));
  const lines = ['Recommended (storyloom models pull <uri>):'];
  for (const model of catalog) lines.push(...describeCatalogModel(model, localNames.has(model.fileName)));
  lines.push('', `On this machine (${context.roots.models.join(', ')}):`);
  if (local.length === 0) lines.push('  none yet: pull one above, or drop a .gguf file into the models folder');
  for (const model of local) lines.push(describeLocalModel(model));
  context.io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

async function pullModel(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parse(args, { dir: { type: 'string' } }, 1);
  const uri = positionals[0] ?? '';
  if (!/^(hf:|https?:\/\/)/u.test(uri)) throw new UsageError(`"${uri}" is not an http(s) URL or a hf: URI`);
  const directory = typeof values.dir === 'string' ? resolve(context.cwd, values.dir) : context.roots.models[0];
  if (directory === undefined) throw new UsageError('no models folder is configured; pass --dir DIR');

  let lastLine = '';
  const onProgress = (progress: DownloadProgress): void => {
    const line = progressLine(progress);
    if (line === lastLine) return; // one line per whole percent keeps the output readable when it is a file
    lastLine = line;
    context.io.stderr(`\r${line}`);
  };
  const result = await downloadModel({ uri, directory, onProgress, signal: context.signal });
  if (lastLine !== '') context.io.stderr('\n');
  if (result.state === 'done' && result.path !== null) {
    context.io.stdout(`${result.path}\n`);
    return 0;
  }
  if (result.state === 'cancelled') {
    context.io.stderr('cancelled; the partial download is kept: run the same command again to resume\n');
    return EXIT_CANCELLED;
  }
  context.io.stderr(`download failed: ${result.error ?? 'unknown error'}\n`);
  return 1;
}

async function makeTiny(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parse(args, { seed: { type: 'string', default: '1' } }, 1);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new UsageError(`--seed must be an integer 0–4294967295`);
  const out = resolve(context.cwd, positionals[0] ?? '');
  if (!out.endsWith('.gguf')) throw new UsageError(`the output file should end in .gguf: ${out}`);
  await mkdir(dirname(out), { recursive: true });
  await writeTinyLlamaGguf(out, { seed });
  context.io.stdout(`${out}\n`);
  return 0;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

function parse(args: readonly string[], options: OptionSpec, positionalCount: number) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  if (parsed.positionals.length !== positionalCount) {
    throw new UsageError(`expected ${positionalCount} argument(s), got ${parsed.positionals.length}`);
  }
  return parsed;
}

function progressLine(progress: DownloadProgress): string {
  const total = progress.totalBytes;
  const percent = total !== null && total > 0 ? `${Math.floor((progress.downloadedBytes / total) * 100)}% ` : '';
  const amount = `${formatBytes(progress.downloadedBytes)}${total !== null ? ` / ${formatBytes(total)}` : ''}`;
  const speed = progress.bytesPerSecond ? `, ${formatBytes(progress.bytesPerSecond)}/s` : '';
  return `${progress.fileName || progress.uri}: ${percent}(${amount}${speed})`.padEnd(60);
}

function describeCatalogModel(model: CatalogModel, downloaded: boolean): string[] {
  const facts = `${model.size}, ${formatBytes(model.downloadBytes)} download, ~${formatBytes(model.ramBytes)} RAM, ${model.license}`;
  return [`  ${model.title}${downloaded ? '  [downloaded]' : ''}`, `    ${facts}`, `    ${model.uri}`];
}

function describeLocalModel(model: LocalModelInfo): string {
  if (model.error !== null) return `  ${model.path}\n    unreadable: ${model.error}`;
  const facts = [
    model.architecture,
    model.parameters === null ? null : `${formatCount(model.parameters)} parameters`,
    model.quantization,
    model.contextLength === null ? null : `${model.contextLength} context`,
    formatBytes(model.sizeBytes),
    model.ramEstimateBytes === null ? null : `~${formatBytes(model.ramEstimateBytes)} RAM`,
  ].filter((fact) => fact !== null);
  return `  ${model.name ?? model.fileName}  (${model.path})\n    ${facts.join(', ')}`;
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

function formatCount(count: number): string {
  if (count >= 1e9) return `${(count / 1e9).toFixed(1)}B`;
  if (count >= 1e6) return `${(count / 1e6).toFixed(1)}M`;
  return count >= 1e3 ? `${(count / 1e3).toFixed(0)}K` : String(count);
}
