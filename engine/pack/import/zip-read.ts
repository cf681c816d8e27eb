import { inflateRawSync } from 'node:zlib';
import { crc32 } from './crc32.ts';
import { importError } from './errors.ts';
import { IMPORT_LIMITS } from './limits.ts';

/** One file of a ZIP archive, from its central directory; not yet inflated. */
export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

export interface ZipArchive {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  /** The entry's bytes, inflated and CRC-checked; null when there is no such entry. */
  read(name: string): Uint8Array | null;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;
/** Below this size a high ratio is normal (a small text of spaces); above it, it is a bomb. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * A small ZIP reader for CHARX: the central directory only (a local header may lie, the directory is what zip tools
 * trust), stored and deflate entries, no ZIP64, no encryption. Every name and size is checked before any entry is
 * inflated: unsafe paths, too many entries and bombs are refused as a whole.
 */
export function readZip(bytes: Uint8Array): ZipArchive {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw importError('ZIP64 archives are not supported');
  if (count > IMPORT_LIMITS.maxZipEntries)
    throw importError(`the archive has ${count} entries; the limit is ${IMPORT_LIMITS.maxZipEntries}`);
  const entries = new Map<string, ZipEntry>();
  let offset = directoryOffset;
  let total = 0;
  for (let index = 0; index < count; index++) {
    const entry = readCentralEntry(bytes, view, offset);
    checkEntry(entry);
    total += entry.size;
    if (total > IMPORT_LIMITS.maxZipTotalBytes)
      throw importError(`the archive unpacks to more than ${IMPORT_LIMITS.maxZipTotalBytes} bytes`);
    if (entries.has(entry.name)) throw importError(`the archive holds "${entry.name}" twice`);
    entries.set(entry.name, entry);
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return {
    entries,
    read(name) {
      const entry = entries.get(name);
      return entry === undefined ? null : inflateEntry(bytes, view, entry);
    },
  };
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= lowest; offset--)
    if (view.getUint32(offset, true) === EOCD_SIGNATURE) return offset;
  throw importError('the archive is damaged or truncated (no ZIP end-of-directory record)');
}

function readCentralEntry(bytes: Uint8Array, view: DataView, offset: number): ZipEntry {
  if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE)
    throw importError('the archive is damaged (bad central directory)');
  const flags = view.getUint16(offset + 8, true);
  if (flags & 1) throw importError('encrypted archives are not supported');
  const nameLength = view.getUint16(offset + 28, true);
  if (offset + 46 + nameLength > bytes.length) throw importError('the archive is damaged (bad central directory)');
  const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
  const entry: ZipEntry = {
    name,
    method: view.getUint16(offset + 10, true),
    crc: view.getUint32(offset + 16, true),
    compressedSize: view.getUint32(offset + 20, true),
    size: view.getUint32(offset + 24, true),
    localOffset: view.getUint32(offset + 42, true),
  };
  if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
    throw importError('ZIP64 archives are not supported');
  return entry;
}

/** Refuses names that would land outside the pack if someone extracted them, and entries built to explode. */
function checkEntry(entry: ZipEntry): void {
  const { name } = entry;
  const segments = name.split('/');
  const unsafe =
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes('\0') ||
    /^[A-Za-z]:/u.test(name) ||
    segments.some((segment) => segment === '..' || segment === '.');
  if (unsafe) throw importError(`the archive holds an unsafe path "${name}" (path traversal refused)`);
  if (entry.method !== STORED && entry.method !== DEFLATE)
    throw importError(`"${name}" uses compression method ${entry.method}; only stored and deflate are supported`);
  if (entry.size > IMPORT_LIMITS.maxZipEntryBytes)
    throw importError(`"${name}" unpacks to ${entry.size} bytes; the limit is ${IMPORT_LIMITS.maxZipEntryBytes}`);
  if (entry.size > RATIO_FLOOR_BYTES && entry.size / Math.max(1, entry.compressedSize) > IMPORT_LIMITS.maxZipRatio)
    throw importError(`"${name}" is compressed more than ${IMPORT_LIMITS.maxZipRatio}:1 (a zip bomb?)`);
  if (entry.method === STORED && entry.size !== entry.compressedSize)
    throw importError(`the archive is damaged ("${name}" has mismatched sizes)`);
}

function inflateEntry(bytes: Uint8Array, view: DataView, entry: ZipEntry): Uint8Array {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE)
    throw importError(`the archive is damaged (no local header for "${entry.name}")`);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw importError(`the archive is truncated ("${entry.name}" runs past its end)`);
  const raw = bytes.subarray(start, end);
  let data: Uint8Array;
  if (entry.method === STORED) data = raw;
  else {
    try {
      // The declared size bounds the output, so an entry that lies about its size cannot inflate past it.
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw importError(`"${entry.name}" cannot be inflated (damaged, or larger than it declares)`);
    }
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc)
    throw importError(`the archive is damaged ("${entry.name}" does not match its size or CRC)`);
  return data;
}
