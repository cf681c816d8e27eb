import { SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';

/**
 * kysely's SQLite adapter reports no transactional DDL, so its Migrator would run migrations statement by statement.
 * SQLite does roll back CREATE/ALTER (and `PRAGMA user_version`) with the transaction, so a save is migrated all or
 * nothing: a crash mid-migration leaves the previous format intact.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class StoreSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
