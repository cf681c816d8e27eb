import { sql, type Kysely } from 'kysely';

/**
 * Format 3: the scene-boundary workflow (ARCHITECTURE §4) as rows, so a crash mid-workflow resumes from the last
 * finished step. A run belongs to the turn that closed the scene (a fork keeps the runs of the turns it keeps);
 * `input` is the snapshot taken when the scene closed. Each step has one row per run; its output is written in the
 * same transaction that marks it done.
 *
 * Frozen: never edited once shipped; imports nothing from the application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('boundary_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('turn_id', 'integer', (c) => c.notNull().references('turns.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
    .addColumn('input', 'text', (c) => c.notNull().check(sql`json_valid(input)`))
    .addColumn('error', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'integer')
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex('boundary_runs_turn').on('boundary_runs').columns(['turn_id']).execute();
  await db.schema.createIndex('boundary_runs_status').on('boundary_runs').columns(['status', 'id']).execute();

  await db.schema
    .createTable('boundary_steps')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('boundary_runs.id'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'running', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output', 'text', (c) => c.check(sql`output is null or json_valid(output)`))
    .addColumn('error', 'text')
    .addColumn('started_at', 'integer')
    .addColumn('finished_at', 'integer')
    .addUniqueConstraint('boundary_steps_run_step', ['run_id', 'step'])
    .modifyEnd(sql`strict`)
    .execute();
  // A finished step is final: its output was applied (or will be) exactly once.
  await sql`create trigger boundary_steps_done_final before update on boundary_steps when old.status = 'done'
    begin select raise(abort, 'a finished boundary step is final'); end`.execute(db);
}
