import type { Browser, Locator, Page } from 'playwright-core';
import { buildApp, launchChromium, serve, type Served, type ServeOptions } from './serve.ts';

export interface DrawerPage {
  readonly served: Served;
  readonly browser: Browser;
  readonly page: Page;
  /** The debug drawer (closed until a test opens it). */
  readonly drawer: Locator;
}

/**
 * What every debug-drawer e2e starts from: the app built, `storyloom serve` with the script, one Chromium page at a
 * desktop size, and the page's errors and console errors collected into `errors` (a test ends by expecting none).
 */
export async function openDrawerPage(
  script: string,
  errors: string[],
  options: ServeOptions = {},
): Promise<DrawerPage> {
  buildApp();
  const served = await serve(script, options);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { served, browser, page, drawer: page.getByRole('complementary', { name: 'Debug drawer' }) };
}

export async function closeDrawerPage(opened: Partial<DrawerPage>): Promise<void> {
  await opened.browser?.close();
  await opened.served?.stop();
}
