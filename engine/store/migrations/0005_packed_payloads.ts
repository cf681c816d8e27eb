import { deflateRawSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';

/**
 * Format 5: the bulky payloads — stage-call prompts and outputs, checkpoints, durable-run snapshots and step outputs —
 * stored packed. Each is
 * deflated with the previous payload of its kind (of the same stage, checkpoint kind, run kind or step) as the preset
 * dictionary, so what that one already stored (a stage's system prompt, the preamble, most of a checkpoint) costs
 * almost nothing again; `*_base` names that row and `*_chain` counts the links back to a payload packed alone, which
 * the application starts again every few rows so no read unpacks a long chain. A base is always an earlier row of a
 * turn no later than its own, so a fork (which keeps whole turns) keeps every base it needs.
 *
 * Existing rows are packed alone (base null, chain 0), in batches. The four tables are rebuilt (SQLite cannot change
 * a column's type); the caller turns foreign-key enforcement off around the migration, as SQLite's procedure for
 * rebuilding a table asks, and this migration checks the keys itself before it commits.
 *
 * Frozen: never edited once shipped; imports nothing from the application (the packing is deflate-raw at level 9).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildStageCalls(db);
  await rebuildCheckpoints(db);
  await rebuildBoundaryRuns(db);
  await rebuildBoundarySteps(db);
  const violations = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
  if (violations.rows.length > 0) {
    throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(violations.rows.slice(0, 5))}`);
  }
}

const BATCH = 500;

function pack(text: string): Buffer {
  return deflateRawSync(Buffer.from(text, 'utf8'), { level: 9 });
}

/**
 * Copies `table` into `table_new` row by row (in id order, in batches), packing the `packed` payloads (a null one stays
 * null).
 */
async function copyPacked(db: Kysely<unknown>, table: string, columns: readonly string[], packed: readonly string[]) {
  const chains = packed.flatMap((column) => [column, `${column}_base`, `${column}_chain`]);
  const selected = sql.join([...columns, ...packed].map((name) => sql.ref(name)));
  const inserted = sql.join([...columns, ...chains].map((name) => sql.ref(name)));
  for (let after = 0; ;) {
    const rows = await sql<Record<string, unknown> & { id: number }>`
      select ${selected} from ${sql.table(table)} where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) return;
    for (const row of rows.rows) {
      const values: unknown[] = columns.map((name) => row[name]);
      for (const column of packed) {
        const payload = row[column];
        if (payload !== null && typeof payload !== 'string')
          throw new Error(`${table} ${row.id}: ${column} is not text`);
        values.push(payload === null ? null : pack(payload), null, 0);
      }
      await sql`insert into ${sql.table(`${table}_new`)} (${inserted})
        values (${sql.join(values.map((value) => sql`${value}`))})`.execute(db);
      after = row.id;
    }
  }
}

const chainColumns = (column: string) =>
  sql.raw(`
  ${column}_base integer check (${column}_base is null or ${column}_base < id),
  ${column}_chain integer not null check (${column}_chain >= 0 and (${column}_base is null) = (${column}_chain = 0))`);

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
    output blob,
    prompt_tokens integer,
    cached_tokens integer,
    generated_tokens integer,
    ttft_ms real,
    total_ms real,
    error text,
    created_at integer not null,
    ${chainColumns('prompt')},
    ${chainColumns('output')},
    constraint stage_calls_turn_seq unique (turn_id, seq)
  ) strict`.execute(db);
  const columns = ['id', 'turn_id', 'seq', 'stage', 'principal', 'provider', 'model', 'prompt_tokens'];
  const more = ['cached_tokens', 'generated_tokens', 'ttft_ms', 'total_ms', 'error', 'created_at'];
  await copyPacked(db, 'stage_calls', [...columns, ...more], ['prompt', 'output']);
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
    ${chainColumns('data')}
  ) strict`.execute(db);
  await copyPacked(db, 'checkpoints', ['id', 'turn_id', 'created_at', 'kind'], ['data']);
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
    error text,
    created_at integer not null,
    finished_at integer,
    kind text not null default 'scene_boundary' check (kind in ('scene_boundary', 'after_turn')),
    ${chainColumns('input')}
  ) strict`.execute(db);
  const columns = ['id', 'turn_id', 'status', 'error', 'created_at', 'finished_at', 'kind'];
  await copyPacked(db, 'boundary_runs', columns, ['input']);
  await sql`drop table boundary_runs`.execute(db);
  await sql`alter table boundary_runs_new rename to boundary_runs`.execute(db);
  await sql`create index boundary_runs_turn on boundary_runs (turn_id)`.execute(db);
  await sql`create index boundary_runs_status on boundary_runs (status, id)`.execute(db);
  await sql`create index boundary_runs_kind_status on boundary_runs (kind, status, id)`.execute(db);
  await sql`create index boundary_runs_kind on boundary_runs (kind, id)`.execute(db);
}

/** A step's output is written when it finishes, so its base (an earlier finished step) may have a later id. */
async function rebuildBoundarySteps(db: Kysely<unknown>): Promise<void> {
  await sql`create table boundary_steps_new (
    id integer primary key,
    run_id integer not null references boundary_runs (id),
    step text not null,
    status text not null check (status in ('pending', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    output blob,
    error text,
    started_at integer,
    finished_at integer,
    output_base integer check (output_base is null or output_base <> id),
    output_chain integer not null default 0 check (output_chain >= 0 and (output_base is null) = (output_chain = 0)),
    constraint boundary_steps_run_step unique (run_id, step)
  ) strict`.execute(db);
  const columns = ['id', 'run_id', 'step', 'status', 'attempts', 'error', 'started_at', 'finished_at'];
  await copyPacked(db, 'boundary_steps', columns, ['output']);
  await sql`drop table boundary_steps`.execute(db);
  await sql`alter table boundary_steps_new rename to boundary_steps`.execute(db);
  await sql`create index boundary_steps_step on boundary_steps (step, id)`.execute(db);
  // A finished step is final (as format 3 made it): its output was applied (or will be) exactly once.
  await sql`create trigger boundary_steps_done_final before update on boundary_steps when old.status = 'done'
    begin select raise(abort, 'a finished boundary step is final'); end`.execute(db);
}

/** History is never edited (as format 1 made it), on the rebuilt tables too. */
async function appendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  for (const action of ['update', 'delete']) {
    await sql`create trigger ${sql.id(`${table}_no_${action}`)} before ${sql.raw(action)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(`${table} are append-only`)}); end`.execute(db);
  }
}
