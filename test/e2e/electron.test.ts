import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { buildApp, screenshotPath } from './support/serve.ts';

/**
 * Where the Electron binary is, or why it is not there. Never `require('electron')`: its index downloads the binary
 * when it is missing, and this must only look.
 */
function findElectron(): { readonly path: string } | { readonly missing: string } {
  const packageDir = resolve('node_modules/electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return { missing: `no ${pathFile} (the Electron binary was never downloaded)` };
  const relative = readFileSync(pathFile, 'utf8').trim();
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const executable = override === undefined ? join(packageDir, 'dist', relative) : join(override, relative);
  return existsSync(executable) ? { path: executable } : { missing: `${executable} does not exist` };
}

const electron = findElectron();
const skipReason =
  'missing' in electron ? `Electron binary absent, Electron window tests skipped: ${electron.missing}` : null;
if (skipReason !== null) console.warn(skipReason);

describe.skipIf(skipReason !== null)(`Electron window${skipReason === null ? '' : ` (skipped: ${skipReason})`}`, () => {
  let app: ElectronApplication;
  let page: Page;
  let home: string;

  beforeAll(async () => {
    if (!('path' in electron)) return;
    buildApp();
    home = mkdtempSync(join(tmpdir(), 'storyloom-electron-'));
    app = await _electron.launch({
      executablePath: electron.path,
      args: ['.'],
      env: { ...process.env, STORYLOOM_HOME: home },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  afterAll(async () => {
    await app?.close();
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  it('opens one hardened window on the built renderer', async () => {
    expect(await page.title()).toBe('Storyloom');
    // Served from the app's own scheme, never from file: (whose extra privileges the fuses take away).
    expect(page.url()).toBe('app://storyloom/index.html');
    const windows = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length);
    expect(windows).toBe(1);
    await page.screenshot({ path: screenshotPath('electron-window') });
  });

  it('gives the page the typed client and nothing of Node', async () => {
    const surface = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      keys: Object.keys((window as unknown as { storyloom: object }).storyloom).sort(),
    }));
    expect(surface).toEqual({
      require: 'undefined',
      process: 'undefined',
      keys: ['api', 'desktop', 'onMenu', 'subscribe'],
    });
    const info = await page.evaluate(() =>
      (window as unknown as { storyloom: { api: { 'app.info': () => Promise<{ ok: boolean }> } } }).storyloom.api[
        'app.info'
      ](),
    );
    expect(info.ok).toBe(true);
  });

  it('refuses to navigate away or open windows', async () => {
    const before = page.url();
    await page.evaluate(() => {
      window.open('https://example.com/', '_blank');
      location.href = 'file:///etc/hostname';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    expect(app.windows()).toHaveLength(1);
  });

  it('serves the page with the strict Content-Security-Policy', async () => {
    const blocked = await page.evaluate(async () => {
      try {
        await fetch('https://example.com/');
        return false;
      } catch {
        return true;
      }
    });
    expect(blocked).toBe(true);
  });
});
