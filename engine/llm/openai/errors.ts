import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { StageKind } from '../../api/index.ts';
import { LlmError } from '../types.ts';
import { errorMessage } from '../../api/index.ts';

export interface FailureContext {
  readonly stage: StageKind;
  readonly baseURL: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly callerSignal: AbortSignal | undefined;
  readonly deadline: AbortSignal;
  /** Removes the API key from any text a server or the SDK produced (a server may echo the key back). */
  readonly redact: (text: string) => string;
  /** What to tell the player when the server wants a key it did not get or refused. */
  readonly keyAdvice: string;
}

/** The advice when the server refuses the key: check the one sent, or enter one for this endpoint. */
export function keyAdviceFor(withheldFor: string | undefined): string {
  return withheldFor === undefined
    ? 'check the key in Settings or STORYLOOM_API_KEY'
    : `no API key was sent: the saved key belongs to ${withheldFor} and is never sent to another server; ` +
        'enter the key again for this endpoint';
}

/**
 * Turns whatever the SDK threw into an LlmError. The SDK error is deliberately not kept as `cause`: its message and
 * body come from the server and could carry the API key, and a cause is easily logged whole.
 */
export function toLlmError(error: unknown, context: FailureContext): LlmError {
  if (error instanceof LlmError) return error;
  const { stage, baseURL, redact } = context;
  if (context.callerSignal?.aborted === true) return new LlmError('aborted', 'the call was cancelled', stage);
  if (context.deadline.aborted || error instanceof APIConnectionTimeoutError) {
    return new LlmError('timeout', `no complete reply from ${baseURL} within ${context.timeoutMs} ms`, stage);
  }
  if (error instanceof APIUserAbortError) return new LlmError('aborted', 'the call was cancelled', stage);
  if (error instanceof APIConnectionError) {
    return new LlmError('provider', `cannot reach ${baseURL}: ${redact(describeCause(error))}`, stage);
  }
  if (error instanceof APIError) return fromStatus(error, context);
  const reason = errorMessage(error);
  return new LlmError('provider', `${baseURL} failed: ${redact(reason)}`, stage);
}

function fromStatus(error: APIError, context: FailureContext): LlmError {
  const { stage, baseURL, redact } = context;
  const detail = redact(error.message);
  if (error.status === 401 || error.status === 403) {
    return new LlmError('unauthorized', `${baseURL} refused the API key (${detail}); ${context.keyAdvice}`, stage);
  }
  if (error.status === 429) {
    return new LlmError(
      'rate_limited',
      `${baseURL} is still rate limiting after ${context.maxRetries} retries (${detail})`,
      stage,
    );
  }
  if (error.status === 404) {
    return new LlmError(
      'provider',
      `${baseURL} does not know model "${context.model}" or the endpoint (${detail})`,
      stage,
    );
  }
  if (error.status !== undefined && (error.status >= 500 || error.status === 408 || error.status === 409)) {
    return new LlmError('provider', `${baseURL} kept failing after ${context.maxRetries} retries (${detail})`, stage);
  }
  return new LlmError('provider', `${baseURL} answered with an error (${detail})`, stage);
}

function describeCause(error: APIConnectionError): string {
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const inner: unknown = cause.cause;
    return inner instanceof Error ? `${cause.message}: ${inner.message}` : cause.message;
  }
  return error.message;
}

/**
 * The endpoint as error messages name it. The settings schema already refuses base URLs with `user:pass@`; this keeps
 * such credentials out of messages (which end up in stage logs and saves) even for a config that skipped it.
 */
export function endpointForMessages(baseURL: string): string {
  const url = URL.parse(baseURL);
  if (url === null || (url.username === '' && url.password === '')) return baseURL;
  url.username = '';
  url.password = '';
  return url.href;
}

/**
 * The redactor of one provider: its API key, and any `user:pass@` of its base URL (the URL parser's and fetch's own
 * messages quote the whole URL), so neither reaches a message, a stage log or a save.
 */
export function providerRedactor(apiKey: string | undefined, baseURL: string): (text: string) => string {
  const url = URL.parse(baseURL);
  if (url === null || (url.username === '' && url.password === '')) return secretsRedactor([apiKey]);
  const userinfo = `${url.username}${url.password === '' ? '' : `:${url.password}`}@`;
  const password = url.password === '' ? [] : [url.password, safeDecode(url.password)];
  const removeUserinfo = (text: string): string => text.split(userinfo).join('');
  const removeSecrets = secretsRedactor([apiKey, ...password]);
  return (text) => removeSecrets(removeUserinfo(text));
}

/** Secrets shorter than 4 characters are not worth hiding (and would mangle text). */
function secretsRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const hidden = [...new Set(secrets)]
    .filter((secret): secret is string => secret !== undefined && secret.length >= 4)
    .sort((a, b) => b.length - a.length);
  return (text) => hidden.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
