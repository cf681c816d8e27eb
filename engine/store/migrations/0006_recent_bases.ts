import { constants, inflateRawSync, zstdCompressSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';

/**
 * Format 6: the bulkiest payloads — stage-call prompts, checkpoints and durable-run inputs — packed against several
 * recent rows instead of one. Each is zstd-compressed with the texts of the rows listed in `*_bases` (a JSON list of
 * ids; null when packed alone) end to end as its dictionary: for a prompt, the latest recent prompt of the same stage
 * and principal, of the same stage, of the same principal and of any stage, since a prompt repeats the story the call
 * before it sent, the character sheet its principal was last given and its stage's instructions; for a checkpoint or
 * a run's input, the latest of its kind (a new run's input also borrows its turn's latest checkpoints, as
 * `"checkpoints:id"`; a converted one does not). A base is a row of the same turn or one of the four before it (never
 * later, so a fork keeps every base) within the row's block of 256 ids (1–256, 257–512, …), so no read unpacks more
 * than that many rows of a column.
 *
 * Existing rows (format 5: deflated against the previous row of their kind) are unpacked and packed again by that
 * rule, in id order. The three tables are rebuilt, as 0005 did (the caller turns foreign-key enforcement off; this
 * migration checks the keys before it commits). Outputs stay as format 5 packed them.
 *
 * Frozen: never edited once shipped; imports nothing from the application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildStageCalls(db);
  await rebuildCheckpoints(db);
  await rebuildBoundaryRuns(db);
  const violations = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
  if (violations.rows.length > 0) {
    throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(violations.rows.slice(0, 5))}`);
  }
}

const BLOCK_ROWS = 256;
const RECENT_TURNS = 5;
const BATCH = 500;
/** Format 5's deflate dictionary: the start of the base. */
const FORMAT5_DICTIONARY_BYTES = 32 * 1024 - 512;
const FORMAT5_MEMO = 256;

interface Repacked {
  readonly table: string;
  readonly column: string;
  /** Other columns copied as they are. */
  readonly copied: readonly string[];
  readonly likeness: readonly (readonly string[])[];
}

interface BlockRow {
  readonly id: number;
  readonly turnId: number;
  readonly keys: Readonly<Record<string, unknown>>;
  readonly text: string;
}

/** Copies `table` into `table_new` in id order, unpacking each format-5 payload and packing it by the format-6 rule. */
async function repack(db: Kysely<unknown>, spec: Repacked): Promise<void> {
  const { table, column } = spec;
  const keyColumns = [...new Set(spec.likeness.flat())];
  const selected = sql.join([...new Set([...spec.copied, ...keyColumns, 'turn_id'])].map((name) => sql.ref(name)));
  const inserted = sql.join([...spec.copied, column, `${column}_bases`].map((name) => sql.ref(name)));
  const unpackOld = format5Reader(db, table, column);
  let block: BlockRow[] = [];
  for (let after = 0; ;) {
    const rows = await sql<Record<string, unknown> & { id: number; turn_id: number }>`
      select ${selected} from ${sql.table(table)} where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) return;
    for (const row of rows.rows) {
      const text = await unpackOld(row.id);
      const keys = Object.fromEntries(keyColumns.map((name) => [name, row[name]]));
      const blockStart = row.id - ((row.id - 1) % BLOCK_ROWS);
      block = block.filter((earlier) => earlier.id >= blockStart);
      const bases = chooseBases(block, spec.likeness, row.turn_id, keys);
      const values = [
        ...spec.copied.map((name) => row[name]),
        pack(
          text,
          bases.map((base) => base.text),
        ),
        bases.length === 0 ? null : JSON.stringify(bases.map((base) => base.id)),
      ];
      await sql`insert into ${sql.table(`${table}_new`)} (${inserted})
        values (${sql.join(values.map((value) => sql`${value}`))})`.execute(db);
      block.push({ id: row.id, turnId: row.turn_id, keys, text });
      after = row.id;
    }
  }
}

function chooseBases(
  block: readonly BlockRow[],
  likeness: readonly (readonly string[])[],
  turnId: number,
  keys: Readonly<Record<string, unknown>>,
): BlockRow[] {
  const recent = block.filter((row) => row.turnId <= turnId && row.turnId > turnId - RECENT_TURNS);
  const bases: BlockRow[] = [];
  for (const columns of likeness) {
    const like = recent.findLast((row) => columns.every((name) => row.keys[name] === keys[name]));
    if (like !== undefined && !bases.includes(like)) bases.push(like);
  }
  return bases;
}

function pack(text: string, dictionary: readonly string[]): Buffer {
  const params = {
    [constants.ZSTD_c_compressionLevel]: 6,
    [constants.ZSTD_c_windowLog]: 19,
    [constants.ZSTD_c_hashLog]: 16,
    [constants.ZSTD_c_chainLog]: 16,
  };
  const bytes = Buffer.from(text, 'utf8');
  if (dictionary.length === 0) return zstdCompressSync(bytes, { params });
  return zstdCompressSync(bytes, { params, dictionary: Buffer.from(dictionary.join(''), 'utf8') });
}

/** Unpacks format-5 payloads of the old table (deflated against `*_base`), remembering the last few. */
function format5Reader(db: Kysely<unknown>, table: string, column: string): (id: number) => Promise<string> {
  const memo = new Map<number, string>();
  const read = async (id: number): Promise<string> => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const found = await sql<{ payload: unknown; base: unknown }>`
      select ${sql.ref(column)} as payload, ${sql.ref(`${column}_base`)} as base from ${sql.table(table)}
      where id = ${id}`.execute(db);
    const row = found.rows[0];
    if (row === undefined || !(row.payload instanceof Uint8Array)) throw new Error(`${table} ${id}: no ${column}`);
    const base = typeof row.base === 'number' ? await read(row.base) : null;
    const dictionary = base === null ? undefined : Buffer.from(base, 'utf8').subarray(0, FORMAT5_DICTIONARY_BYTES);
    const text = inflateRawSync(row.payload, dictionary === undefined ? {} : { dictionary }).toString('utf8');
    memo.set(id, text);
    if (memo.size > FORMAT5_MEMO) memo.delete(memo.keys().next().value ?? id);
    return text;
  };
  return read;
}

const basesColumn = (column: string) =>
  sql.raw(`${column}_bases text check (${column}_bases is null or json_valid(${column}_bases))`);

async function rebuildStageCalls(db: Kysely<unknown>): Promise<void> {
  await sql`create table stage_calls_new (
    id integer primary key,
    turn_id integer not null references turns (id),
    seq integer not null,
    stage text not null,
    principal text not null,
    provider text not null,
    model text not null,
    prompt blob not null,
    ${basesColumn('prompt')},
    output blob,
    output_base integer check (output_base is null or output_base < id),
    output_chain integer not null check (output_chain >= 0 and (output_base is null) = (output_chain = 0)),
    prompt_tokens integer,
    cached_tokens integer,
    generated_tokens integer,
    ttft_ms real,
    total_ms real,
    error text,
    created_at integer not null,
    constraint stage_calls_turn_seq unique (turn_id, seq)
  ) strict`.execute(db);
  const copied = ['id', 'turn_id', 'seq', 'stage', 'principal', 'provider', 'model', 'output', 'output_base'];
  const more = ['output_chain', 'prompt_tokens', 'cached_tokens', 'generated_tokens', 'ttft_ms', 'total_ms', 'error'];
  await repack(db, {
    table: 'stage_calls',
    column: 'prompt',
    copied: [...copied, ...more, 'created_at'],
    likeness: [['stage', 'principal'], ['stage'], ['principal'], []],
  });
  await sql`drop table stage_calls`.execute(db);
  await sql`alter table stage_calls_new rename to stage_calls`.execute(db);
  await sql`create index stage_calls_stage on stage_calls (stage, id)`.execute(db);
  await appendOnly(db, 'stage_calls');
}

async function rebuildCheckpoints(db: Kysely<unknown>): Promise<void> {
  await sql`create table checkpoints_new (
    id integer primary key,
    turn_id integer not null references turns (id),
    created_at integer not null,
    kind text not null,
    data blob not null,
    ${basesColumn('data')}
  ) strict`.execute(db);
  await repack(db, {
    table: 'checkpoints',
    column: 'data',
    copied: ['id', 'turn_id', 'created_at', 'kind'],
    likeness: [['kind']],
  });
  await sql`drop table checkpoints`.execute(db);
  await sql`alter table checkpoints_new rename to checkpoints`.execute(db);
  await sql`create index checkpoints_kind on checkpoints (kind, id)`.execute(db);
  await appendOnly(db, 'checkpoints');
}

async function rebuildBoundaryRuns(db: Kysely<unknown>): Promise<void> {
  await sql`create table boundary_runs_new (
    id integer primary key,
    turn_id integer not null references turns (id),
    status text not null check (status in ('running', 'done', 'failed')),
    input blob not null,
    ${basesColumn('input')},
    error text,
    created_at integer not null,
    finished_at integer,
    kind text not null default 'scene_boundary' check (kind in ('scene_boundary', 'after_turn'))
  ) strict`.execute(db);
  await repack(db, {
    table: 'boundary_runs',
    column: 'input',
    copied: ['id', 'turn_id', 'status', 'error', 'created_at', 'finished_at', 'kind'],
    likeness: [['kind']],
  });
  await sql`drop table boundary_runs`.execute(db);
  await sql`alter table boundary_runs_new rename to boundary_runs`.execute(db);
  await sql`create index boundary_runs_turn on boundary_runs (turn_id)`.execute(db);
  await sql`create index boundary_runs_status on boundary_runs (status, id)`.execute(db);
  await sql`create index boundary_runs_kind_status on boundary_runs (kind, status, id)`.execute(db);
  await sql`create index boundary_runs_kind on boundary_runs (kind, id)`.execute(db);
}

/** History is never edited (as format 1 made it), on the rebuilt tables too. */
async function appendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  for (const action of ['update', 'delete']) {
    await sql`create trigger ${sql.id(`${table}_no_${action}`)} before ${sql.raw(action)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(`${table} are append-only`)}); end`.execute(db);
  }
}
