import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The window's web rules as pure functions: the Content-Security-Policy every response carries, which `file:` URLs
 * may be read (the built renderer only), and which links may leave for the OS browser.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // React sets styles through the CSSOM; inline style attributes remain for the placeholder page.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // The window talks to the engine over IPC only: no network from the page.
  "connect-src 'none'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type HeaderMap = Record<string, string[]>;

/** Response headers with our CSP replacing any the response brought (any casing). */
export function withSecurityHeaders(headers: Readonly<Record<string, string | string[]>> | undefined): HeaderMap {
  const result: HeaderMap = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-security-policy' || lower === 'x-content-type-options') continue;
    result[name] = Array.isArray(value) ? [...value] : [value];
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  result['X-Content-Type-Options'] = ['nosniff'];
  return result;
}

/** The file a `file:` request may read: inside the renderer folder, else null (refused). */
export function rendererFileFor(url: string, rendererRoot: string): string | null {
  let file: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return null;
    file = path.resolve(fileURLToPath(parsed));
  } catch {
    return null;
  }
  const root = path.resolve(rendererRoot);
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return file;
}

/** A link the OS browser may open: plain https with a host and no credentials. Anything else stays closed. */
export function externalLinkTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.hostname === '') return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

export type NavigationDecision =
  { readonly action: 'deny' } | { readonly action: 'open-external'; readonly url: string };

/** The window never navigates away nor opens windows; https links go to the OS browser instead. */
export function decideNavigation(url: string): NavigationDecision {
  const external = externalLinkTarget(url);
  return external === null ? { action: 'deny' } : { action: 'open-external', url: external };
}
