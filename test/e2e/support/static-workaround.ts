import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

const BUILD = path.resolve('out/renderer');
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Engine bug (reported, not fixed here: engine/ is out of this change's reach): `RENDERER_BUILD_DIR` ends with a
 * slash, so `readStaticFile` refuses every path and `storyloom serve` answers the built renderer with its fallback
 * page and 404s. Until that is fixed, the page's own files are read from out/renderer, keeping the server's headers
 * (CSP, token cookie). API calls and the event WebSocket still go to the real server. Once the server serves the
 * files itself, this passes its answers through unchanged.
 */
export async function serveRendererFilesIfMissing(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/')) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    const broken = response.status() === 404 || (url.pathname === '/' && !body.includes('id="root"'));
    if (!broken) return route.fulfill({ response });
    const file = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    const contents = await readFile(path.join(BUILD, file));
    const headers = { ...response.headers(), 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' };
    await route.fulfill({ status: 200, headers, body: contents });
  });
}
