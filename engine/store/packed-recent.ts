import { zstdCompressSync, zstdDecompressSync, constants } from 'node:zlib';
import { EngineError } from '../api/index.ts';
import { keyOf, rememberText, unpackCached } from './packed.ts';
import type { SqliteConnection } from './sqlite/connection.ts';
import { statement } from './sqlite/exec.ts';

/**
 * The bulkiest payloads of a save (stage-call prompts, checkpoints, durable-run inputs), packed (format 6): zstd-
 * compressed with the texts of a few earlier rows of the same column as its dictionary, listed in `*_bases`. A stage's
 * prompt repeats most of what the call before it sent (the story so far), what the same character was last told (its
 * sheet) and what the last call of its stage said (the instructions), so each base is the latest row that shares one
 * thing with it. Bases are recent (this turn and the few before it) and lie in the row's block of BLOCK_ROWS ids, so
 * reading any row unpacks fewer than that many. (A row with no recent row like it is packed alone: `*_bases` null.)
 */

/** Bases share the row's block of ids (1–256, 257–512, …): a read unpacks at most the rows before it in its block. */
export const BLOCK_ROWS = 256;
/** Bases come from the row's own turn and the ones just before it: older prompts share little the recent do not. */
export const RECENT_TURNS = 5;
/** How far back (in rows) a write looks for its bases: more than the recent turns write. */
const RECENT_ROWS = 128;
/**
 * zstd's parameters: level 6 packs Lantern Quay's turns 1 % larger than 9 for three quarters of the time (3 packs them
 * 8 % larger); tables sized for a payload and its bases (tens of KB) rather than the level's defaults (MBs, set up on
 * every call); the window covers the dictionary and the text.
 */
const PARAMS = {
  [constants.ZSTD_c_compressionLevel]: 6,
  [constants.ZSTD_c_windowLog]: 19,
  [constants.ZSTD_c_hashLog]: 16,
  [constants.ZSTD_c_chainLog]: 16,
};

export interface RecentColumn {
  readonly table: 'stage_calls' | 'checkpoints' | 'boundary_runs';
  readonly column: 'prompt' | 'data' | 'input';
  /**
   * What a base shares with the row, most telling first: for each, the latest recent row with the same values in those
   * columns (an empty list: the latest recent row of any kind).
   */
  readonly likeness: readonly (readonly KeyColumn[])[];
  /** Another column whose latest recent row of each kind (by `kind`) this one packs against too, after its own. */
  readonly borrows?: RecentColumn;
}

type KeyColumn = 'stage' | 'principal' | 'kind';

export const RECENT_PROMPT: RecentColumn = {
  table: 'stage_calls',
  column: 'prompt',
  likeness: [['stage', 'principal'], ['stage'], ['principal'], []],
};
export const RECENT_CHECKPOINT: RecentColumn = { table: 'checkpoints', column: 'data', likeness: [['kind']] };
/** A run's input snapshots the state its turn's checkpoints hold (a scene boundary's: the play and NPC state). */
export const RECENT_RUN_INPUT: RecentColumn = {
  table: 'boundary_runs',
  column: 'input',
  likeness: [['kind'], []],
  borrows: RECENT_CHECKPOINT,
};
const COLUMNS_BY_TABLE = new Map<string, RecentColumn>(
  [RECENT_PROMPT, RECENT_CHECKPOINT, RECENT_RUN_INPUT].map((spec) => [spec.table, spec]),
);

/** The new row, as far as choosing its bases goes. */
export interface RecentRow {
  readonly turnId: number;
  readonly keys: Readonly<Partial<Record<KeyColumn, string>>>;
}

export interface PackedRecent {
  readonly payload: Buffer;
  /** JSON list of the bases in dictionary order: an id (a row of the same column) or `"table:id"` (a borrowed row). */
  readonly bases: string | null;
}

type Base = number | `${string}:${number}`;

/** Packs `text` for a new row of `spec`'s column against the recent rows it most resembles. */
export function packRecent(sqlite: SqliteConnection, spec: RecentColumn, row: RecentRow, text: string): PackedRecent {
  const bases = [...chooseBases(sqlite, spec, row), ...borrowedBases(sqlite, spec, row)];
  const dictionary = bases.map((base) => unpackBase(sqlite, spec, base, Number.POSITIVE_INFINITY));
  return { payload: compress(text, dictionary), bases: bases.length === 0 ? null : JSON.stringify(bases) };
}

/** Remembers a row just written, so the next one that builds on it does not unpack it again. */
export function rememberRecent(sqlite: SqliteConnection, spec: RecentColumn, id: number, text: string): void {
  rememberText(sqlite, keyOf(spec, id), text);
}

/** The text of a packed row (unpacking its bases first, back to rows packed alone). */
export function unpackRecent(sqlite: SqliteConnection, spec: RecentColumn, id: number): string {
  return unpackCached(sqlite, spec, id, () => {
    const row = statement(
      sqlite,
      `select ${spec.column} as payload, ${spec.column}_bases as bases from ${spec.table} where id = ?`,
    ).get(id);
    if (!isPayloadRow(row)) throw new Error('the row or its payload is missing');
    const dictionary = parseBases(row.bases).map((base) => unpackBase(sqlite, spec, base, id));
    return decompress(row.payload, dictionary);
  });
}

function chooseBases(sqlite: SqliteConnection, spec: RecentColumn, row: RecentRow): number[] {
  const keyColumns = [...new Set(spec.likeness.flat())];
  const last = statement(sqlite, `select max(id) as id from ${spec.table}`).get();
  // The row's id will be the next one (ids are never reused: history is append-only).
  const id = isIdRow(last) ? last.id + 1 : 1;
  const blockStart = id - ((id - 1) % BLOCK_ROWS);
  // A base's turn is no later than the row's, so a fork (which keeps whole turns) keeps every base.
  const recent = statement(
    sqlite,
    `select id, turn_id as turnId${keyColumns.map((c) => `, ${c}`).join('')} from ${spec.table}
      where id >= ? and turn_id <= ? and turn_id > ? order by id desc limit ${RECENT_ROWS}`,
  )
    .all(blockStart, row.turnId, row.turnId - RECENT_TURNS)
    .filter(isCandidate);
  const bases: number[] = [];
  for (const columns of spec.likeness) {
    const like = recent.find((c) => columns.every((column) => c[column] === row.keys[column]));
    if (like !== undefined && !bases.includes(like.id)) bases.push(like.id);
  }
  return bases;
}

/** The latest recent row of each kind of the column `spec` borrows from (no later than the row's turn). */
function borrowedBases(sqlite: SqliteConnection, spec: RecentColumn, row: RecentRow): Base[] {
  const from = spec.borrows;
  if (from === undefined) return [];
  // Rows are written turn by turn, so the last RECENT_ROWS reach back past the recent turns.
  const latest = statement(
    sqlite,
    `select id, turn_id as turnId, kind from ${from.table} order by id desc limit ${RECENT_ROWS}`,
  ).all();
  const byKind = new Map<unknown, number>();
  for (const c of latest.filter(isCandidate)) {
    if (c.turnId <= row.turnId && c.turnId > row.turnId - RECENT_TURNS && !byKind.has(c.kind)) byKind.set(c.kind, c.id);
  }
  return [...byKind.values()].sort((a, b) => a - b).map((id): Base => `${from.table}:${id}`);
}

/** A base's text: a row of `spec`'s own column (earlier than `before`), or one it borrowed. */
function unpackBase(sqlite: SqliteConnection, spec: RecentColumn, base: Base, before: number): string {
  if (typeof base === 'number') {
    if (base >= before) throw new Error(`its base ${base} is not an earlier row`);
    return unpackRecent(sqlite, spec, base);
  }
  const [table = '', id = ''] = base.split(':');
  const from = COLUMNS_BY_TABLE.get(table);
  if (from === undefined || spec.borrows !== from) throw new Error(`its base ${base} is not a row it may borrow`);
  return unpackRecent(sqlite, from, Number(id));
}

function compress(text: string, dictionary: readonly string[]): Buffer {
  requireDictionaries();
  const params = PARAMS;
  const bytes = Buffer.from(text, 'utf8');
  if (dictionary.length === 0) return zstdCompressSync(bytes, { params });
  return zstdCompressSync(bytes, { params, dictionary: dictionaryOf(dictionary) });
}

function decompress(payload: Uint8Array, dictionary: readonly string[]): string {
  requireDictionaries();
  if (dictionary.length === 0) return zstdDecompressSync(payload).toString('utf8');
  return zstdDecompressSync(payload, { dictionary: dictionaryOf(dictionary) }).toString('utf8');
}

let dictionariesWork = false;

/** node:zlib takes zstd dictionaries from Node 22.19 on; an older one would pack without them and misread saves. */
function requireDictionaries(): void {
  if (dictionariesWork) return;
  const dictionary = Buffer.from('{"check":"a zstd dictionary is used"}'.repeat(4), 'utf8');
  const packed = zstdCompressSync(dictionary.subarray(0, 64), { dictionary });
  try {
    zstdDecompressSync(packed);
  } catch {
    dictionariesWork = true;
    return;
  }
  throw new EngineError(
    'internal',
    `This Node.js (${process.version}) ignores zstd dictionaries, which saves need: use Node.js 22.19 or later.`,
  );
}

/**
 * The bases' texts end to end, as a raw-content dictionary. (zstd would read a dictionary starting with its own magic
 * number as a trained one; ours are JSON texts, which start with `[` or `{`.)
 */
function dictionaryOf(texts: readonly string[]): Buffer {
  return Buffer.from(texts.join(''), 'utf8');
}

function parseBases(bases: string | null): Base[] {
  if (bases === null) return [];
  const parsed: unknown = JSON.parse(bases);
  if (!Array.isArray(parsed) || !parsed.every(isBase)) throw new Error(`its bases ${bases} are not a list of rows`);
  return parsed;
}

function isBase(value: unknown): value is Base {
  return Number.isInteger(value) || (typeof value === 'string' && /^[a-z_]+:\d+$/.test(value));
}

type Candidate = { id: number; turnId: number } & Partial<Record<KeyColumn, unknown>>;

function isCandidate(row: unknown): row is Candidate {
  return isIdRow(row) && 'turnId' in row && typeof row.turnId === 'number';
}

function isIdRow(row: unknown): row is { id: number } {
  return typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'number';
}

function isPayloadRow(row: unknown): row is { payload: Uint8Array; bases: string | null } {
  return (
    typeof row === 'object' &&
    row !== null &&
    'payload' in row &&
    row.payload instanceof Uint8Array &&
    'bases' in row &&
    (row.bases === null || typeof row.bases === 'string')
  );
}
