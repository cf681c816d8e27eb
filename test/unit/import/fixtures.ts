import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterEach } from 'vitest';
import { plainPng, withTextChunks } from '../../../engine/pack/export/png-write.ts';
import { crc32 } from '../../../engine/pack/import/crc32.ts';

export const APP_VERSION = '0.1.0';

/** Where the ecosystem's real files live, when this checkout has them (see its README). */
export const SHARED_CARDS = path.resolve(import.meta.dirname, '../../../../shared/fixtures/cards');

const temporary: string[] = [];
afterEach(async () => {
  for (const dir of temporary.splice(0)) await rm(dir, { recursive: true, force: true });
});

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storyloom-import-'));
  temporary.push(dir);
  return dir;
}

export async function writeTemp(name: string, content: string | Uint8Array): Promise<string> {
  const file = path.join(await tempDir(), name);
  await writeFile(file, content);
  return file;
}

/** Every file under `dir` with its content, or null when `dir` does not exist: to prove nothing was written. */
export async function snapshot(dir: string): Promise<Record<string, string> | null> {
  const exists = await stat(dir).then(
    () => true,
    () => false,
  );
  if (!exists) return null;
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file)] = (await readFile(file)).toString('base64');
    }
  return files;
}

export const base64Json = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** A small PNG carrying `texts` as tEXt chunks. */
export function pngCard(texts: Record<string, string>): Uint8Array {
  return withTextChunks(plainPng(4, [200, 100, 50]), new Map(Object.entries(texts)));
}

export interface ZipInput {
  readonly name: string;
  readonly data: Uint8Array;
  readonly deflate?: boolean;
  /** Lie about the unpacked size (a bomb, or a damaged archive). */
  readonly declaredSize?: number;
}

/** A minimal ZIP writer, independent of the reader under test. */
export function buildZip(inputs: readonly ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const name = Buffer.from(input.name, 'utf8');
    const body = input.deflate === true ? deflateRawSync(input.data) : Buffer.from(input.data);
    const size = input.declaredSize ?? input.data.length;
    const crc = crc32(input.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(input.deflate === true ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(input.deflate === true ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(inputs.length, 8);
  end.writeUInt16LE(inputs.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
