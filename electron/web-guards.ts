import path from 'node:path';
import { contentSecurityPolicy } from '../engine/api/index.ts';

/**
 * The window's web rules as pure functions: the Content-Security-Policy every response carries, which `app:` URLs
 * serve which file (the built renderer only), and which links may leave for the OS browser.
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy('desktop');

/**
 * The renderer is served from its own privileged scheme, `app://storyloom/…`, not from `file:`: a file: page may read
 * any file: URL (the GrantFileProtocolExtraPrivileges fuse is off as well), while this origin holds the renderer's
 * files and nothing else.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'storyloom';
export const RENDERER_PAGE = `${APP_SCHEME}://${APP_HOST}/index.html`;

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

/** The file an `app://storyloom/…` request reads: inside the renderer folder, else null (refused). */
export function rendererFileFor(url: string, rendererRoot: string): string | null {
  const parsed = URL.parse(url);
  if (parsed === null || parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname).replace(/^\/+/u, '') || 'index.html';
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  const root = path.resolve(rendererRoot);
  const file = path.resolve(root, relative);
  const inside = path.relative(root, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
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
