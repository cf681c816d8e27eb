import { createEngineClient, createHttpTransport, type EngineConnection } from './engine.ts';
import type { DesktopBridge } from './desktop.ts';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in web mode. */
    readonly storyloom?: EngineConnection & { readonly desktop?: DesktopBridge };
  }
}

const TOKEN_KEY = 'storyloom.token';

/**
 * The window's client when Electron provides one; otherwise web mode: the session token comes in the URL once, is
 * kept for this tab only (so a reload still works) and removed from the address bar.
 */
export function connect(): EngineConnection | null {
  if (window.storyloom !== undefined) return window.storyloom;
  const params = new URLSearchParams(location.search);
  const token = params.get('token') ?? sessionStorage.getItem(TOKEN_KEY);
  if (token === null || token === '') return null;
  sessionStorage.setItem(TOKEN_KEY, token);
  if (params.has('token')) {
    params.delete('token');
    const query = params.toString();
    history.replaceState(null, '', `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`);
  }
  return createEngineClient(createHttpTransport({ baseUrl: location.origin, token }));
}
