import { sql, type Kysely } from 'kysely';

/**
 * Format 1: save metadata, the append-only message stream, turns, stage-call logs and checkpoints.
 *
 * Frozen: once shipped this file is never edited — later formats add new migrations. It imports nothing from the
 * application so that what it creates never drifts with the code. Tables are STRICT so a wrong type is refused
 * instead of stored; JSON columns are checked with json_valid for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('save_meta')
    // A single row, pinned to id 1.
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('pack_id', 'text', (c) => c.notNull())
    .addColumn('pack_version', 'text', (c) => c.notNull())
    .addColumn('pack_content_hash', 'text', (c) => c.notNull())
    // The persona the player chose at New game (a persona id of the pack).
    .addColumn('persona_id', 'text', (c) => c.notNull())
    .addColumn('rng_seed', 'integer', (c) => c.notNull())
    .addColumn('rng_initial_state', 'text', (c) => c.notNull().check(sql`json_valid(rng_initial_state)`))
    .addColumn('rng_state', 'text', (c) => c.notNull().check(sql`json_valid(rng_state)`))
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('forked_from', 'text')
    .addColumn('forked_at_turn', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .modifyEnd(sql`strict`)
    .execute();

  // `id` is the turn id: it grows with every submission, failed ones included. `number` is the story turn the
  // player sees: committed turns are numbered 1, 2, 3 …; a failed turn carries the number it tried to become.
  await db.schema
    .createTable('turns')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('committed', 'failed')`))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('started_at', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'real', (c) => c.notNull())
    // The RNG state after a committed turn, so a fork at that turn replays from the same dice.
    .addColumn('rng_state', 'text', (c) => c.check(sql`rng_state is null or json_valid(rng_state)`))
    .addColumn('failure_stage', 'text')
    .addColumn('failure_reason', 'text')
    .addCheckConstraint(
      'turns_failure_matches_status',
      sql`(status = 'failed') = (failure_stage is not null and failure_reason is not null)`,
    )
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema
    .createIndex('turns_committed_number')
    .unique()
    .on('turns')
    .column('number')
    .where(sql.ref('status'), '=', 'committed')
    .execute();

  // `id` is the global order of the stream; UNIQUE(turn_id, seq) doubles as the index for reading one turn, and
  // the tail is read backwards along the primary key.
  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('turn_id', 'integer', (c) => c.notNull().references('turns.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('mood', 'text')
    // Structured extras some messages carry (a scene marker's kind and from/to, a whisper's target).
    .addColumn('meta', 'text', (c) => c.check(sql`meta is null or json_valid(meta)`))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addUniqueConstraint('messages_turn_seq', ['turn_id', 'seq'])
    .modifyEnd(sql`strict`)
    .execute();

  await db.schema
    .createTable('stage_calls')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('turn_id', 'integer', (c) => c.notNull().references('turns.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull().check(sql`json_valid(prompt)`))
    .addColumn('output', 'text')
    .addColumn('prompt_tokens', 'integer')
    .addColumn('cached_tokens', 'integer')
    .addColumn('generated_tokens', 'integer')
    .addColumn('ttft_ms', 'real')
    .addColumn('total_ms', 'real')
    .addColumn('error', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addUniqueConstraint('stage_calls_turn_seq', ['turn_id', 'seq'])
    .modifyEnd(sql`strict`)
    .execute();

  await db.schema
    .createTable('checkpoints')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('turn_id', 'integer', (c) => c.notNull().references('turns.id'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().check(sql`json_valid(data)`))
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex('checkpoints_kind').on('checkpoints').columns(['kind', 'id']).execute();

  // History is never edited: undo, retry and rewind fork a new save instead.
  for (const table of ['messages', 'turns', 'stage_calls', 'checkpoints']) {
    for (const action of ['update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_no_${action}`)} before ${sql.raw(action)} on ${sql.table(table)}
        begin select raise(abort, ${sql.lit(`${table} are append-only`)}); end`.execute(db);
    }
  }
}
