/**
 * The Content-Security-Policy of the renderer, one policy for every host that serves it (the Electron window over
 * `app://`, web mode over http). Only the app's own scripts and style sheets run: no inline script and no inline
 * style (`style="…"` in markup, `<style>` elements). React's `style` props are not inline styles in this sense: React
 * sets them through the CSSOM (`element.style`), which a policy does not govern. The hosts differ in one directive:
 * the window talks to the engine over IPC and may reach no network at all, a web page talks to its own server.
 */
export function contentSecurityPolicy(host: 'desktop' | 'web'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Pack covers arrive as data: URLs.
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${host === 'desktop' ? "'none'" : "'self'"}`,
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
