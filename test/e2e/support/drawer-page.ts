import type { Browser, Locator, Page } from 'playwright-core';
import { buildApp, launchChromium, serve, type Served, type ServeOptions } from './serve.ts';

export interface DrawerPage {
  readonly served: Served;
  readonly browser: Browser;
  readonly page: Page;
  /** The debug drawer (closed until a test opens it). */
  readonly drawer: Locator;
  /** Sends an intention (or a slash command) from the input. */
  send(text: string): Promise<void>;
  /**
   * Plays a turn: sends the intention, then waits for a message (`.msg` unless `where` narrows it) with its last words
   * and for the progress line to go.
   */
  play(text: string, lastWords: string, where?: string): Promise<void>;
  /** The drawer's chip of turn `number`. */
  turnChip(number: number): Locator;
  /** Creates a save of the pack with the seed through the engine, then opens it from the library. */
  openNewSave(packId: string, seed: number): Promise<void>;
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
  const drawer = page.getByRole('complementary', { name: 'Debug drawer' });
  const input = page.getByLabel('Your intention');
  const send = async (text: string) => {
    await input.fill(text);
    await input.press('Enter');
  };
  return {
    served,
    browser,
    page,
    drawer,
    send,
    async play(text, lastWords, where = '.msg') {
      await send(text);
      await page.locator(where, { hasText: lastWords }).first().waitFor();
      await page.locator('.progress-line').waitFor({ state: 'detached' });
    },
    turnChip: (number) => drawer.locator('.turn-chip', { hasText: new RegExp(`^${number}$`, 'u') }),
    async openNewSave(packId, seed) {
      const created = (await served.call('saves.create', { packId, seed })) as { value: { id: string } };
      await page.goto(served.url);
      await page.locator(`.save-row[data-save="${created.value.id}"] .save-open`).click();
    },
  };
}

export async function closeDrawerPage(opened: Partial<DrawerPage>): Promise<void> {
  await opened.browser?.close();
  await opened.served?.stop();
}
