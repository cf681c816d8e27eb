import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildApp, launchChromium, screenshotPath, serve, type Served } from './support/serve.ts';
import { SHOP_SCRIPT } from './support/shop-script.ts';
import { writeLongSave } from './support/long-save.ts';

const MESSAGES = 2_000;

// A long story: the prose list is windowed (few rows in the document), older pages arrive while scrolling up.
describe('a long story', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let saveId = '';

  beforeAll(async () => {
    buildApp();
    served = await serve(SHOP_SCRIPT, {
      prepare: async (home) => {
        saveId = await writeLongSave(home, MESSAGES);
      },
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('opens at its last page with only a window of rows in the document', async () => {
    await page.goto(served.url);
    await page.locator(`.save-row[data-save="${saveId}"] .save-open`).click();
    await page.locator('.stream-item', { hasText: `(${MESSAGES})` }).waitFor();
    await expect(page.locator('.stream-item').count()).resolves.toBeLessThan(120);
    const gap = () =>
      page
        .getByTestId('stream')
        .evaluate((element) => Math.round(element.scrollHeight - element.scrollTop - element.clientHeight));
    await expect.poll(gap, { timeout: 2000 }).toBeLessThan(4);
    await page.screenshot({ path: screenshotPath('long-story'), animations: 'disabled' });
  });

  it('fetches older pages while scrolling up, keeping the reader’s place, down to the opening', async () => {
    const stream = page.getByTestId('stream');
    // At the top of what is loaded, the next page arrives above without moving the row being read.
    const rows = Number(await page.locator('.stream-list').getAttribute('data-rows'));
    const anchorKey = MESSAGES - rows + 1;
    await stream.evaluate((element) => (element.scrollTop = 0));
    await expect.poll(() => page.locator('.stream-list').getAttribute('data-rows')).not.toBe(String(rows));
    await page.locator('.loading-older').waitFor({ state: 'detached' });
    const place = await page.locator(`.stream-item[data-key="${anchorKey}"]`).evaluate((element) => {
      const scroller = element.closest('.stream');
      const top = element.getBoundingClientRect().top - (scroller?.getBoundingClientRect().top ?? 0);
      return { top, height: scroller?.clientHeight ?? 0 };
    });
    expect(place.top).toBeGreaterThanOrEqual(0);
    expect(place.top).toBeLessThan(200);
    for (let step = 0; step < 400; step++) {
      const done = await stream.evaluate((element) => {
        element.scrollTop = Math.max(0, element.scrollTop - 2500);
        return element.scrollTop === 0 && element.querySelector('.opening') !== null;
      });
      if (done) break;
      await page.waitForTimeout(16);
    }
    await page.locator('.stream .opening').waitFor();
    await page.locator('.stream-item', { hasText: '(2)' }).first().waitFor();
    await expect(page.locator('.stream-list').getAttribute('data-rows')).resolves.toBe(String(MESSAGES));
    await expect(page.locator('.stream-item').count()).resolves.toBeLessThan(120);
  });

  it('exports the save to the path given in the export dialog', async () => {
    await page.getByRole('button', { name: 'Back to the library' }).click();
    mkdirSync(join(served.home, 'exports'), { recursive: true });
    await page.locator(`.save-row[data-save="${saveId}"]`).getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export save' });
    const field = dialog.getByLabel('Write a copy to');
    const expected = join(served.home, 'exports', saveId);
    await expect(field.inputValue()).resolves.toBe(expected);
    await page.screenshot({ path: screenshotPath('export-dialog'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await dialog.getByText(`Exported to ${expected}`).waitFor();
    expect(existsSync(expected)).toBe(true);
    await dialog.getByRole('button', { name: 'Export' }).count();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // A second export to the same path is refused, and the dialog says so.
    await page.locator(`.save-row[data-save="${saveId}"]`).getByRole('button', { name: 'Export' }).click();
    await dialog.getByRole('button', { name: 'Export' }).click();
    await dialog.locator('.error-line').waitFor();
    await page.screenshot({ path: screenshotPath('export-refused'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });
});
