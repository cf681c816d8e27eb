import { sql, type Kysely } from 'kysely';

/**
 * Format 2: the event ledger (event-system.md) — every factual event and interpretive judgment, in order, each row
 * written with the turn that caused it. The truth set is rebuilt from a checkpoint plus the ledger rows after it.
 *
 * Frozen: never edited once shipped; imports nothing from the application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('turn_id', 'integer', (c) => c.notNull().references('turns.id'))
    // The session-wide ledger sequence the truth set stamps entries with.
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('record', 'text', (c) => c.notNull().check(sql`json_valid(record)`))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex('ledger_turn').on('ledger').columns(['turn_id', 'seq']).execute();
  for (const action of ['update', 'delete']) {
    await sql`create trigger ${sql.id(`ledger_no_${action}`)} before ${sql.raw(action)} on ledger
      begin select raise(abort, 'ledger is append-only'); end`.execute(db);
  }
}
