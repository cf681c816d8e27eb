import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type RawBuilder,
} from 'kysely';
import type { StoreDatabase } from '../database.ts';

/**
 * kysely as a typed query builder only: queries are compiled here and run synchronously on better-sqlite3
 * (sqlite/exec.ts), so an open save answers without promises and a turn commits in one synchronous transaction.
 * The Migrator, which is async, gets a real kysely connection of its own (migrate.ts).
 */
export const qb = new Kysely<StoreDatabase>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** Lets a raw `sql` template run through the same executor as the builders. */
export function raw<R>(query: RawBuilder<R>): Compilable<R> {
  return { compile: () => query.compile(qb) };
}
