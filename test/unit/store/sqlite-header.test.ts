import { describe, expect, it } from 'vitest';
import { readSqliteHeader } from '../../../engine/store/sqlite/header.ts';

/** A minimal valid header: 4096-byte pages, WAL, 3 pages, user_version 1, application_id 0x534c4f4d. */
function header(): Uint8Array {
  const bytes = new Uint8Array(100);
  bytes.set(new TextEncoder().encode('SQLite format 3\0'));
  const view = new DataView(bytes.buffer);
  view.setUint16(16, 4096);
  view.setUint8(18, 2);
  view.setUint8(19, 2);
  view.setUint8(21, 64);
  view.setUint8(22, 32);
  view.setUint8(23, 32);
  view.setUint32(24, 7); // change counter
  view.setUint32(28, 3); // pages
  view.setInt32(60, 1);
  view.setInt32(68, 0x534c4f4d);
  view.setUint32(92, 7); // version-valid-for = change counter: the page count is current
  return bytes;
}

describe('readSqliteHeader', () => {
  it('reads page size, page count, user_version and application_id', () => {
    expect(readSqliteHeader(header(), 3 * 4096)).toEqual({
      kind: 'ok',
      header: { pageSize: 4096, pageCount: 3, userVersion: 1, applicationId: 0x534c4f4d },
    });
  });

  it('calls an empty, short or non-SQLite file not SQLite', () => {
    expect(readSqliteHeader(new Uint8Array(0), 0).kind).toBe('not_sqlite');
    expect(readSqliteHeader(header().subarray(0, 40), 40).kind).toBe('not_sqlite');
    const text = new TextEncoder().encode('hello world, this is not a database'.padEnd(100, '.'));
    expect(readSqliteHeader(text, 4096).kind).toBe('not_sqlite');
  });

  it('calls a torn header damaged', () => {
    const bytes = header();
    bytes.fill(0xff, 16, 24);
    expect(readSqliteHeader(bytes, 3 * 4096)).toMatchObject({
      kind: 'damaged',
      reason: expect.stringContaining('page size'),
    });
  });

  it('calls a file shorter than its announced pages truncated', () => {
    expect(readSqliteHeader(header(), 2 * 4096)).toMatchObject({
      kind: 'damaged',
      reason: expect.stringContaining('truncated'),
    });
    expect(readSqliteHeader(header(), 3 * 4096 - 100).kind).toBe('damaged');
  });

  it('ignores a stale page count (the WAL may hold the newer one)', () => {
    const bytes = header();
    new DataView(bytes.buffer).setUint32(92, 6);
    expect(readSqliteHeader(bytes, 2 * 4096)).toMatchObject({ kind: 'ok', header: { pageCount: null } });
  });

  it('decodes the 65536 page size stored as 1', () => {
    const bytes = header();
    new DataView(bytes.buffer).setUint16(16, 1);
    expect(readSqliteHeader(bytes, 3 * 65536)).toMatchObject({ kind: 'ok', header: { pageSize: 65536 } });
  });
});
