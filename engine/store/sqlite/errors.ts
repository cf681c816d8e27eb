import { errorMessage, EngineError } from '../../api/index.ts';

/** SQLite result codes that mean the file's bytes are not a sound database. */
const DAMAGE_CODES = ['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_IOERR_SHORT_READ'];

function sqliteCode(error: unknown): string | null {
  if (!(error instanceof Error) || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

export function isDamageError(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== null && DAMAGE_CODES.some((damage) => code.startsWith(damage));
}

/**
 * Turns whatever went wrong while reading a save into an EngineError naming the file: damage becomes
 * `save_corrupt`, EngineErrors pass through, anything else is `internal`.
 */
export function toSaveError(error: unknown, path: string, doing: string): EngineError {
  if (error instanceof EngineError) return error;
  const message = errorMessage(error);
  if (isDamageError(error)) {
    return new EngineError('save_corrupt', `Save file ${path} is damaged (${message}).`, { path }, { cause: error });
  }
  return new EngineError('internal', `Could not ${doing} save file ${path}: ${message}`, { path }, { cause: error });
}
