import type { Compilable } from 'kysely';
import type { SqliteConnection, SqliteStatement as Statement } from './connection.ts';

/** Prepared statements per connection, keyed by SQL: the stream's queries repeat on every turn. */
const statementCaches = new WeakMap<SqliteConnection, Map<string, Statement>>();
const MAX_CACHED_STATEMENTS = 256;

/** The connection's prepared statement for `sql` (prepared once, then reused). */
export function statement(sqlite: SqliteConnection, sql: string): Statement {
  let cache = statementCaches.get(sqlite);
  if (cache === undefined) {
    cache = new Map();
    statementCaches.set(sqlite, cache);
  }
  let statement = cache.get(sql);
  if (statement === undefined) {
    // Multi-row inserts make one SQL text per row count; a bound keeps odd sizes from piling up.
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    statement = sqlite.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** Every row the query returns, typed by kysely. */
export function all<R>(sqlite: SqliteConnection, query: Compilable<R>): R[] {
  const compiled = query.compile();
  const rows: unknown[] = statement(sqlite, compiled.sql).all(...compiled.parameters);
  // The one unchecked step: kysely typed the query against StoreDatabase, SQLite (STRICT tables) returns that shape.
  return rows as R[];
}

export function first<R>(sqlite: SqliteConnection, query: Compilable<R>): R | undefined {
  return all(sqlite, query)[0];
}

/** A statement that returns no rows (insert/update without RETURNING, DDL, ATTACH …). */
export function run(sqlite: SqliteConnection, query: Compilable<unknown>): void {
  const compiled = query.compile();
  statement(sqlite, compiled.sql).run(...compiled.parameters);
}

/** Runs `work` in one transaction: committed if it returns, rolled back if it throws. */
export function transaction<T>(sqlite: SqliteConnection, work: () => T): T {
  return sqlite.transaction(work)();
}
