import type { Clock } from '../platform/index.ts';
import type { SaveLock } from './save-lock.ts';
import type { SqliteConnection } from './sqlite/connection.ts';

/** What every operation on an open save needs. */
export interface StoreContext {
  readonly sqlite: SqliteConnection;
  readonly path: string;
  readonly clock: Clock;
  readonly appVersion: string;
  /** The writer lock this store holds; null when it is open for reading only. */
  readonly lock: SaveLock | null;
}
