import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { errorMessage, EngineError } from '../api/index.ts';
import type { SqliteConnection } from './sqlite/connection.ts';
import { statement } from './sqlite/exec.ts';

/**
 * The smaller packed payloads of a save (stage-call outputs, boundary-step outputs), packed as format 5 made them:
 * deflated with the previous payload of the same kind as deflate's preset dictionary, so what the last call of a stage
 * already stored costs next to nothing again. A payload packed alone starts each chain again every CHAIN_LIMIT + 1
 * rows, so reading one unpacks at most that many. (Deflate packs these short texts smaller than zstd does; the bulky
 * ones are packed against several recent rows instead: packed-recent.ts.)
 */

/** Links from a payload back to one packed alone. */
export const CHAIN_LIMIT = 31;
/** Deflate reaches 32 KiB back; the dictionary is the start of the base, which lines up with the start of the text. */
const DICTIONARY_BYTES = 32 * 1024 - 512;
/** Unpacked payloads kept per connection: a turn's calls, the recent rows the next write packs against and what a read
 * of a recent row unpacks (up to BLOCK_ROWS of packed-recent.ts), for every packed column together. */
const CACHE_SIZE = 512;

export interface PackedColumn {
  readonly table: 'stage_calls' | 'boundary_steps';
  readonly column: 'output';
  /** What makes two rows "of the same kind". */
  readonly kind: 'stage' | 'step';
  /** The last row of a kind from a turn no later than (kind, turnId) → (id, chain): when the table has no turn_id. */
  readonly lastOfKind?: string;
}

export const PACKED_OUTPUT: PackedColumn = { table: 'stage_calls', column: 'output', kind: 'stage' };
export const PACKED_STEP_OUTPUT: PackedColumn = {
  table: 'boundary_steps',
  column: 'output',
  kind: 'step',
  lastOfKind: `select s.id, s.output_chain as chain from boundary_steps s join boundary_runs r on r.id = s.run_id
    where s.step = ? and r.turn_id <= ? and s.output is not null order by s.id desc limit 1`,
};

export interface Packed {
  readonly payload: Buffer;
  readonly base: number | null;
  readonly chain: number;
}

export function packText(text: string, base: string | null): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (base === null) return deflateRawSync(bytes, { level: 9 });
  const dictionary = Buffer.from(base, 'utf8').subarray(0, DICTIONARY_BYTES);
  return deflateRawSync(bytes, { level: 9, dictionary });
}

export function unpackText(payload: Uint8Array, base: string | null): string {
  if (base === null) return inflateRawSync(payload).toString('utf8');
  return inflateRawSync(payload, { dictionary: Buffer.from(base, 'utf8').subarray(0, DICTIONARY_BYTES) }).toString(
    'utf8',
  );
}

/**
 * Packs `text` for a new row of `kind` written by turn `turnId`, against the last row of that kind from a turn no later
 * (so a fork, which keeps whole turns, keeps every base).
 */
export function packFor(
  sqlite: SqliteConnection,
  spec: PackedColumn,
  kind: string,
  turnId: number,
  text: string,
): Packed {
  const lastOfKind =
    spec.lastOfKind ??
    `select id, ${spec.column}_chain as chain from ${spec.table} where ${spec.kind} = ? and turn_id <= ? and ${spec.column} is not null order by id desc limit 1`;
  const last = statement(sqlite, lastOfKind).get(kind, turnId);
  if (!isChainRow(last) || last.chain >= CHAIN_LIMIT) return { payload: packText(text, null), base: null, chain: 0 };
  return { payload: packText(text, unpackRow(sqlite, spec, last.id)), base: last.id, chain: last.chain + 1 };
}

/** Remembers a row just written, so the next one of its kind does not unpack it again. */
export function rememberPacked(sqlite: SqliteConnection, spec: PackedColumn, id: number, text: string): void {
  rememberText(sqlite, keyOf(spec, id), text);
}

/** The text of a packed row (unpacking its chain back to a payload packed alone). */
export function unpackRow(sqlite: SqliteConnection, spec: PackedColumn, id: number): string {
  return unpackCached(sqlite, spec, id, () => {
    const row = statement(
      sqlite,
      `select ${spec.column} as payload, ${spec.column}_base as base from ${spec.table} where id = ?`,
    ).get(id);
    if (!isPayloadRow(row)) throw new Error('the row or its payload is missing');
    return unpackText(row.payload, row.base === null ? null : unpackRow(sqlite, spec, row.base));
  });
}

interface ColumnName {
  readonly table: string;
  readonly column: string;
}

/**
 * A packed row's text: from this connection's cache, or unpacked by `unpack` and kept (any failure but an engine
 * error reported as the row being damaged).
 */
export function unpackCached(sqlite: SqliteConnection, spec: ColumnName, id: number, unpack: () => string): string {
  const key = keyOf(spec, id);
  const cached = caches.get(sqlite)?.get(key);
  if (cached !== undefined) return cached;
  let text: string;
  try {
    text = unpack();
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw damaged(spec, id, errorMessage(error));
  }
  rememberText(sqlite, key, text);
  return text;
}

export function keyOf(spec: ColumnName, id: number): string {
  return `${spec.table}.${spec.column}:${id}`;
}

const caches = new WeakMap<SqliteConnection, Map<string, string>>();

export function rememberText(sqlite: SqliteConnection, key: string, text: string): void {
  let cache = caches.get(sqlite);
  if (cache === undefined) {
    cache = new Map();
    caches.set(sqlite, cache);
  }
  cache.delete(key);
  cache.set(key, text);
  // Least recently used first.
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHE_SIZE) break;
    cache.delete(oldest);
  }
}

function damaged(spec: ColumnName, id: number, reason: string): EngineError {
  return new EngineError(
    'save_corrupt',
    `The save is damaged: the stored ${spec.column} of ${spec.table} row ${id} cannot be read (${reason}).`,
    { table: spec.table, id },
  );
}

function isChainRow(row: unknown): row is { id: number; chain: number } {
  return (
    typeof row === 'object' &&
    row !== null &&
    'id' in row &&
    typeof row.id === 'number' &&
    'chain' in row &&
    typeof row.chain === 'number'
  );
}

function isPayloadRow(row: unknown): row is { payload: Uint8Array; base: number | null } {
  return (
    typeof row === 'object' && row !== null && 'payload' in row && row.payload instanceof Uint8Array && 'base' in row
  );
}
