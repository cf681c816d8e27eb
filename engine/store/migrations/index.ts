import type { Kysely } from 'kysely';
import * as initial from './0001_initial.ts';
import * as eventLedger from './0002_event_ledger.ts';
import * as boundary from './0003_boundary.ts';
import * as afterTurn from './0004_after_turn.ts';
import * as packedPayloads from './0005_packed_payloads.ts';
import * as recentBases from './0006_recent_bases.ts';

export interface StoreMigration {
  /** Sorts in application order; kysely records it in `kysely_migration`. */
  readonly name: string;
  readonly up: (db: Kysely<unknown>) => Promise<void>;
}

/**
 * Every migration, oldest first. Append only: a shipped migration is never edited, reordered or removed, because
 * saves in the wild record which of them they ran. A save's format number is how many of them it has applied.
 */
export const MIGRATIONS: readonly StoreMigration[] = [
  { name: '0001_initial', up: initial.up },
  { name: '0002_event_ledger', up: eventLedger.up },
  { name: '0003_boundary', up: boundary.up },
  { name: '0004_after_turn', up: afterTurn.up },
  { name: '0005_packed_payloads', up: packedPayloads.up },
  { name: '0006_recent_bases', up: recentBases.up },
];

/** The newest save format this build reads and writes. */
export const LATEST_SAVE_FORMAT = MIGRATIONS.length;
