import { sql } from 'kysely';
import { moveNoClobber, partialPathFor, refuseExisting, removeDatabaseFiles } from './file-ops.ts';
import type { SqliteConnection } from './sqlite/connection.ts';
import { run } from './sqlite/exec.ts';
import { raw } from './sqlite/query-builder.ts';

/**
 * Copies a database to `destPath` as one consistent snapshot, even while it is open and being written:
 * `VACUUM INTO` reads inside a single read transaction (and works over a read-only connection too).
 */
export function exportDatabase(sqlite: SqliteConnection, destPath: string): void {
  refuseExisting(destPath);
  const partial = partialPathFor(destPath);
  removeDatabaseFiles(partial);
  try {
    run(sqlite, raw(sql`vacuum into ${partial}`));
    moveNoClobber(partial, destPath);
  } catch (error) {
    removeDatabaseFiles(partial);
    throw error;
  }
}
