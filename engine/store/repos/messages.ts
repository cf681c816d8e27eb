import type { Selectable } from 'kysely';
import { EngineError } from '../../api/index.ts';
import { MESSAGE_TYPES, type MessageType } from '../../stream/index.ts';
import type { MessagesTable } from '../database.ts';
import { parseJson, toJsonText } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { all, first } from '../sqlite/exec.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { NewMessage, StoredMessage } from '../types.ts';

export function insertMessages(
  sqlite: SqliteConnection,
  path: string,
  turn: { readonly id: number; readonly number: number },
  messages: readonly NewMessage[],
  now: number,
): StoredMessage[] {
  if (messages.length === 0) return [];
  const values = messages.map((message, index) => ({
    turn_id: turn.id,
    seq: message.seq ?? index + 1,
    owner: message.owner,
    type: message.type,
    content: message.content,
    mood: message.mood ?? null,
    meta:
      message.meta === undefined || message.meta === null
        ? null
        : toJsonText(message.meta, `meta of message ${index + 1}`),
    created_at: message.createdAt ?? now,
  }));
  const rows = all(sqlite, qb.insertInto('messages').values(values).returningAll());
  // RETURNING order is unspecified in SQLite; the stream order is the id.
  return rows.map((row) => toStoredMessage({ ...row, turn_number: turn.number }, path)).sort((a, b) => a.id - b.id);
}

/** Up to `limit` messages before message `beforeId` (or the end of the stream when null), oldest first. */
export function messagesBefore(
  sqlite: SqliteConnection,
  path: string,
  beforeId: number | null,
  limit: number,
): StoredMessage[] {
  let query = withTurnNumber().orderBy('messages.id', 'desc').limit(limit);
  if (beforeId !== null) query = query.where('messages.id', '<', beforeId);
  return all(sqlite, query)
    .map((row) => toStoredMessage(row, path))
    .reverse();
}

export function messagesOfTurn(sqlite: SqliteConnection, path: string, turnId: number): StoredMessage[] {
  const query = withTurnNumber().where('messages.turn_id', '=', turnId).orderBy('messages.seq');
  return all(sqlite, query).map((row) => toStoredMessage(row, path));
}

export function countMessages(sqlite: SqliteConnection): number {
  return (
    first(
      sqlite,
      qb.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')),
    )?.n ?? 0
  );
}

/** Messages with the number of the turn that produced them (the turn the player sees; ids also count failed tries). */
function withTurnNumber() {
  return qb
    .selectFrom('messages')
    .innerJoin('turns', 'turns.id', 'messages.turn_id')
    .selectAll('messages')
    .select('turns.number as turn_number');
}

function toStoredMessage(
  row: Selectable<MessagesTable> & { readonly turn_number: number },
  path: string,
): StoredMessage {
  return {
    id: row.id,
    turnId: row.turn_id,
    turnNumber: row.turn_number,
    seq: row.seq,
    owner: row.owner,
    type: messageType(row.type, row.id, path),
    content: row.content,
    mood: row.mood,
    meta: row.meta === null ? null : parseJson(row.meta),
    createdAt: row.created_at,
  };
}

function messageType(type: string, id: number, path: string): MessageType {
  const known = MESSAGE_TYPES.find((candidate) => candidate === type);
  if (known !== undefined) return known;
  throw new EngineError('save_corrupt', `Save ${path} holds message ${id} of unknown type "${type}".`, { path, id });
}
