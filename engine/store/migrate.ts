import { Kysely, sql, type SqliteDatabase } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { errorMessage, EngineError } from '../api/index.ts';
import { MIGRATIONS, type StoreMigration } from './migrations/index.ts';
import { pragmaInteger, type SqliteConnection } from './sqlite/connection.ts';
import { StoreSqliteDialect } from './sqlite/dialect.ts';

/**
 * Brings a save to the latest format with kysely's Migrator, in one transaction (see sqlite/dialect.ts). Each
 * migration also sets `PRAGMA user_version` to its ordinal inside that transaction, so the format number read before
 * opening always matches the migrations applied. Returns how many migrations ran. (`migrations` is a parameter only
 * so tests can exercise later formats and failures.)
 */
export async function migrateToLatest(
  sqlite: SqliteConnection,
  path: string,
  migrations: readonly StoreMigration[] = MIGRATIONS,
): Promise<number> {
  const latest = migrations.length;
  const before = pragmaInteger(sqlite, 'user_version');
  if (before === latest) return 0;
  const db = new Kysely<unknown>({ dialect: new StoreSqliteDialect({ database: borrowed(sqlite) }) });
  // A migration may rebuild a table others refer to; SQLite asks for key enforcement off meanwhile (it cannot change
  // inside the migration's transaction). A migration that rebuilds checks the keys itself before committing.
  const enforced = pragmaInteger(sqlite, 'foreign_keys') === 1;
  sqlite.pragma('foreign_keys = OFF');
  try {
    const result = await new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(withFormatNumbers(migrations)) },
    }).migrateToLatest();
    if (result.error !== undefined) {
      const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      const reason = errorMessage(result.error);
      throw new EngineError(
        'internal',
        `Could not migrate save ${path} to format ${latest}: migration ${failed} failed (${reason}). ` +
          `The save was left at format ${before}.`,
        { path, migration: failed },
        { cause: result.error },
      );
    }
  } finally {
    await db.destroy();
    if (enforced) sqlite.pragma('foreign_keys = ON');
  }
  return latest - before;
}

/** The connection lent to kysely for the migration; kysely's destroy() must not close it. */
function borrowed(sqlite: SqliteConnection): SqliteDatabase {
  return { prepare: (query) => sqlite.prepare(query), close: () => undefined };
}

function withFormatNumbers(migrations: readonly StoreMigration[]): Record<string, Migration> {
  const entries = migrations.map((migration, index): [string, Migration] => [
    migration.name,
    {
      up: async (db: Kysely<unknown>) => {
        await migration.up(db);
        // PRAGMA takes no bound parameters; the ordinal is an integer we computed.
        await sql.raw(`pragma user_version = ${index + 1}`).execute(db);
      },
    },
  ]);
  return Object.fromEntries(entries);
}
