import { EngineError } from '../../api/index.ts';

/**
 * A file that cannot be imported. It is an `invalid_params` EngineError so the renderer shows the same clear message the
 * CLI prints; it is always thrown before anything is written.
 */
export function importError(message: string): EngineError {
  return new EngineError('invalid_params', message);
}
