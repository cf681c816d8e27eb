import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeDrawerPage, openDrawerPage } from './support/drawer-page.ts';
import { screenshotPath, type Served } from './support/serve.ts';

// Lantern Quay in web mode, two wishes the world refuses: the first offers three choices; the player picks one, edits
// it, and sends it.
const SCRIPT = readFileSync('test/fixtures/choices/refused-flight.yaml', 'utf8');

describe('the Narrator’s choices in web mode', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const opened = await openDrawerPage(SCRIPT, errors);
    ({ served, browser, page } = opened);
    await opened.openNewSave('lantern-quay', 16);
    await opened.play('I climb onto the table and fly up to the rafters.', 'the taproom laughs');
  });

  afterAll(() => closeDrawerPage({ served, browser }));

  const choices = () => page.getByRole('navigation', { name: 'Suggested actions' }).getByRole('button');
  const input = () => page.getByLabel('Your intention');

  it('shows the choices as buttons under the latest prose', async () => {
    await expect(choices().allTextContents()).resolves.toEqual([
      'Climb down and apologise to the landlady',
      'Fly out through the window over the harbour',
      'Sit by the fire and dry your coat',
    ]);
    await page.screenshot({ path: screenshotPath('choices'), animations: 'disabled' });
  });

  it('fills the composer with a choice, which the player may edit before sending', async () => {
    await choices().nth(1).click();
    await expect(input().inputValue()).resolves.toBe('Fly out through the window over the harbour');
    await input().fill(`${await input().inputValue()}, twice as fast`);
    await input().press('Enter');
    await page.locator('.msg', { hasText: 'keep your feet' }).first().waitFor();
    // The intention the player sent is the edited choice.
    await expect(page.locator('.msg', { hasText: 'harbour, twice as fast' }).count()).resolves.toBe(1);
    await page.locator('.progress-line').waitFor({ state: 'detached' });
    // The second Narrator offered none: the old choices are gone with the turn that offered them.
    await expect(choices().count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('come back with /undo, and go when the player turns them off', async () => {
    await input().fill('/undo');
    await input().press('Enter');
    await expect.poll(() => choices().count(), { timeout: 10_000 }).toBe(3);
    unwrapOk(await served.call('settings.update', { play: { choices: false } }));
    await expect.poll(() => choices().count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
  });
});

function unwrapOk(result: unknown): void {
  if (typeof result !== 'object' || result === null || !('ok' in result) || result.ok !== true)
    throw new Error(`the call failed: ${JSON.stringify(result)}`);
}
