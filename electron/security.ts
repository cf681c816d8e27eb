import { app, net, protocol, session, shell, type WebContents } from 'electron';
import { pathToFileURL } from 'node:url';
import {
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  decideNavigation,
  rendererFileFor,
  withSecurityHeaders,
} from './web-guards.ts';

/**
 * Makes `app:` a standard, secure scheme (same-origin rules, module scripts, fetch of its own files). Electron only
 * accepts this before the app is ready, so main calls it when it loads.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Session-wide hardening, applied once when the app is ready: `app://storyloom/` serves the built renderer only and
 * `file:` serves nothing, every response carries the CSP, no permission is ever granted, and no web contents may
 * navigate or open windows.
 */
export function hardenSession(rendererRoot: string): void {
  protocol.handle('file', () => new Response('Not found', { status: 404 }));
  protocol.handle(APP_SCHEME, async (request) => {
    const file = rendererFileFor(request.url, rendererRoot);
    if (file === null) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).href, { bypassCustomProtocolHandlers: true });
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
  const defaults = session.defaultSession;
  defaults.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withSecurityHeaders(details.responseHeaders) }),
  );
  defaults.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaults.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
}

/** No navigation, no new windows, no webviews; an https link goes to the OS browser instead. */
function guardWebContents(contents: WebContents): void {
  const openOutside = (url: string): void => {
    const decision = decideNavigation(url);
    if (decision.action === 'open-external') void shell.openExternal(decision.url);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
