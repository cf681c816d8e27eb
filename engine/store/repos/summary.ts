import { basename } from 'node:path';
import type { SaveSummary } from '../../api/index.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { countMessages } from './messages.ts';
import { readMeta } from './meta.ts';
import { committedTurnCount } from './turns.ts';

/**
 * The library card of a save. Reads only what format 1 already had, because listing reads saves of older formats
 * read-only, without migrating them.
 */
export function readSummary(sqlite: SqliteConnection, path: string): SaveSummary {
  const meta = readMeta(sqlite, path);
  return {
    id: basename(path),
    path,
    title: meta.title,
    packId: meta.packId,
    packVersion: meta.packVersion,
    packContentHash: meta.packContentHash,
    personaId: meta.personaId,
    appVersion: meta.appVersion,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    turnCount: committedTurnCount(sqlite),
    messageCount: countMessages(sqlite),
  };
}
