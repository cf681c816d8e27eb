/**
 * Reads the 100-byte SQLite database header (https://sqlite.org/fileformat.html#the_database_header) so a save can
 * be judged — not SQLite, torn, truncated, foreign, too new — without letting SQLite touch the file.
 */

export const SQLITE_HEADER_BYTES = 100;
const MAGIC = 'SQLite format 3\0';

export interface SqliteHeader {
  readonly pageSize: number;
  /** Pages according to the header; null when the header's own validity counter says the value is stale. */
  readonly pageCount: number | null;
  readonly userVersion: number;
  readonly applicationId: number;
}

export type HeaderVerdict =
  | { readonly kind: 'ok'; readonly header: SqliteHeader }
  | { readonly kind: 'not_sqlite'; readonly reason: string }
  | { readonly kind: 'damaged'; readonly reason: string };

/** Judges a header given the file's first bytes and its total size. */
export function readSqliteHeader(bytes: Uint8Array, fileSize: number): HeaderVerdict {
  if (fileSize === 0) return { kind: 'not_sqlite', reason: 'the file is empty' };
  if (bytes.length < SQLITE_HEADER_BYTES) {
    return { kind: 'not_sqlite', reason: `the file is only ${fileSize} bytes, shorter than an SQLite header` };
  }
  if (Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== MAGIC) {
    return { kind: 'not_sqlite', reason: 'it does not start with the SQLite header' };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rawPageSize = view.getUint16(16);
  // The value 1 stands for 65536, which does not fit in two bytes.
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (!isPowerOfTwoBetween(pageSize, 512, 65536)) return torn(`page size ${rawPageSize} is invalid`);
  if (!isFormatVersion(view.getUint8(18)) || !isFormatVersion(view.getUint8(19))) {
    return torn('the read/write format bytes are invalid');
  }
  // Payload fractions are fixed by the file format; anything else means the header was overwritten.
  if (view.getUint8(21) !== 64 || view.getUint8(22) !== 32 || view.getUint8(23) !== 32) {
    return torn('the payload fraction bytes are invalid');
  }
  if (fileSize % pageSize !== 0) return torn(`its size ${fileSize} is not a whole number of ${pageSize}-byte pages`);
  const changeCounter = view.getUint32(24);
  const headerPageCount = view.getUint32(28);
  const pageCountValid = headerPageCount > 0 && view.getUint32(92) === changeCounter;
  const pageCount = pageCountValid ? headerPageCount : null;
  if (pageCount !== null && fileSize < pageCount * pageSize) {
    return torn(`it is truncated: ${fileSize} bytes where the header announces ${pageCount * pageSize}`);
  }
  return {
    kind: 'ok',
    // Signed, as `PRAGMA user_version` and `PRAGMA application_id` report them.
    header: { pageSize, pageCount, userVersion: view.getInt32(60), applicationId: view.getInt32(68) },
  };
}

function torn(reason: string): HeaderVerdict {
  return { kind: 'damaged', reason };
}

function isFormatVersion(byte: number): boolean {
  // 1 = rollback journal, 2 = WAL.
  return byte === 1 || byte === 2;
}

function isPowerOfTwoBetween(value: number, min: number, max: number): boolean {
  return value >= min && value <= max && (value & (value - 1)) === 0;
}
