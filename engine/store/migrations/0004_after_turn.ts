import { sql, type Kysely } from 'kysely';

/**
 * Format 4: a turn's after-turn work (the extractors, off the player's path) as durable runs, on the scene boundary's
 * rows. A run of either kind belongs to its turn, so a fork keeps or drops it with the turn; `kind` tells them apart.
 * Every run a save made before this migration is a scene boundary.
 *
 * Frozen: never edited once shipped; imports nothing from the application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('boundary_runs')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('scene_boundary')
        .check(sql`kind in ('scene_boundary', 'after_turn')`),
    )
    .execute();
  await db.schema
    .createIndex('boundary_runs_kind_status')
    .on('boundary_runs')
    .columns(['kind', 'status', 'id'])
    .execute();
}
