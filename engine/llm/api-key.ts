/**
 * An API key together with the origin (scheme, host and port) of the endpoint it was entered for. The key is only
 * ever sent back to that origin: a settings change or a connection test naming another server gets no key, so a
 * compromised renderer cannot point a provider at its own server and collect the player's key.
 */
export interface BoundApiKey {
  readonly key: string;
  readonly origin: string;
}

/** The origin a base URL sends requests to, e.g. `https://api.openai.com` for `https://api.openai.com/v1`. */
export function endpointOrigin(baseURL: string): string {
  return new URL(baseURL).origin;
}

/** What an openai provider gets: the key when its endpoint is the key's own, else the origin the key belongs to. */
export interface KeyForEndpoint {
  readonly apiKey?: string;
  readonly withheldFor?: string;
}

export function keyForEndpoint(bound: BoundApiKey | undefined, baseURL: string): KeyForEndpoint {
  if (bound === undefined) return {};
  return endpointOrigin(baseURL) === bound.origin ? { apiKey: bound.key } : { withheldFor: bound.origin };
}

/** A key as a host hands it to the engine: with the origin it was saved for, or none (bound at start: host/start-key.ts). */
export interface ApiKeyInput {
  readonly key: string;
  readonly origin?: string | undefined;
}
