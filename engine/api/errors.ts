/**
 * Errors cross every transport as values. `code` is stable and machine-readable; `message` is for people and says
 * what went wrong and where (a file path, a stage name).
 */
export const ERROR_CODES = [
  'invalid_params',
  'unknown_method',
  'not_found',
  'already_exists',
  'save_corrupt',
  'save_foreign',
  'save_too_new',
  /** The save is open for writing in another Storyloom process (or another engine in this one). */
  'save_in_use',
  'stage_failed',
  'llm_error',
  'aborted',
  'unauthorized',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface EngineErrorValue {
  readonly code: ErrorCode;
  readonly message: string;
  /** Structured details safe to show or log (never secrets). */
  readonly details?: Readonly<Record<string, unknown>>;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineErrorValue };

/** Thrown inside the engine; converted to an `EngineErrorValue` at the transport boundary. */
export class EngineError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, details?: Readonly<Record<string, unknown>>, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }

  toValue(): EngineErrorValue {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** What an unknown thrown value says: an Error's message, or the value itself in words. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function toErrorValue(error: unknown): EngineErrorValue {
  if (error instanceof EngineError) return error.toValue();
  return { code: 'internal', message: errorMessage(error) };
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: EngineErrorValue): Result<never> => ({ ok: false, error });
