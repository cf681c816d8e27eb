import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildApp, launchChromium, screenshotPath, serve, type Served } from './support/serve.ts';
import { SHOP_SCRIPT } from './support/shop-script.ts';

// The renderer in web mode: `storyloom serve` with scripted replies, driven in Debian's Chromium.
describe('renderer in web mode', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    buildApp();
    served = await serve(SHOP_SCRIPT);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  const intention = () => page.getByLabel('Your intention');
  const send = async (text: string, thought = '') => {
    await intention().fill(text);
    await page.getByLabel('Your thought (optional)').fill(thought);
    await intention().press('Enter');
  };

  it('opens on the library, with the token taken out of the address bar', async () => {
    await page.goto(served.url);
    const tutorial = page.locator('.pack[data-pack="tutorial"]');
    await tutorial.locator('.pack-title', { hasText: 'The Bindery on Wren Lane' }).waitFor();
    expect(page.url()).not.toContain('token=');
    await expect(tutorial.locator('.badge').textContent()).resolves.toMatch(/Ready|Warnings/u);
    await page.screenshot({ path: screenshotPath('library'), animations: 'disabled' });
  });

  it('offers first-run model setup while the settings name no model', async () => {
    const banner = page.getByRole('region', { name: 'Set up a model' });
    await banner.waitFor();
    await page.screenshot({ path: screenshotPath('first-run'), animations: 'disabled' });
    await banner.getByRole('button', { name: 'Set up a model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('radio', { name: 'Remote endpoint' }).click();
    await dialog.getByLabel('Endpoint').fill('http://127.0.0.1:9/v1');
    await dialog.getByLabel('Model').fill('nobody-home');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.locator('.error-line').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('model-setup'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('starts a new game and plays a turn: narration, dialog, and the player’s own thought and intention', async () => {
    await page
      .locator('.pack[data-pack="tutorial"]')
      .getByRole('button', { name: /^Begin/u })
      .click();
    await page.locator('.stream .opening').waitFor();
    await send('I hang up my coat and tell Odile I am ready to learn.', "Please don't let me break anything.");
    // The dialog is written slowly: it shows as pending while the progress line names its speaker.
    await page.locator('.msg.dialog.pending').waitFor();
    await page.locator('.progress-line', { hasText: 'Odile Fenn is speaking…' }).waitFor();
    await page.screenshot({ path: screenshotPath('streaming'), animations: 'disabled' });
    await page.locator('.msg.dialog:not(.pending) .words', { hasText: 'Ready, are you?' }).waitFor();
    await page.locator('.progress-line').waitFor({ state: 'detached' });
    await expect(page.locator('.scene-marker').first().textContent()).resolves.toContain('Scene 1');
    await expect(page.locator('.dialog .speaker-name').first().textContent()).resolves.toBe('Odile Fenn');
    await expect(page.locator('.dialog .mood').first().textContent()).resolves.toBe('delighted');
    await expect(page.locator('.thought.own').textContent()).resolves.toContain("Please don't let me break");
    await expect(page.locator('.intention.own').textContent()).resolves.toContain('I hang up my coat');
    await expect(page.locator('.narration').count()).resolves.toBe(2);
    // Odile's private thought and intention stay hidden outside the Sandbox.
    await expect(page.locator('.msg.other').count()).resolves.toBe(0);
    const style = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const computed = getComputedStyle(element);
          return `${computed.fontFamily}|${computed.fontStyle}`;
        });
    const [narration, thought, own] = await Promise.all([
      style('.narration'),
      style('.thought.own'),
      style('.intention.own'),
    ]);
    expect(thought).toContain('italic');
    expect(own).not.toBe(narration);
    await page.screenshot({ path: screenshotPath('play'), animations: 'disabled' });
  });

  it('offers /commands as you type', async () => {
    await intention().fill('/un');
    await page.locator('.command-menu', { hasText: '/undo' }).waitFor();
    await intention().press('Tab');
    await expect(intention().inputValue()).resolves.toBe('/undo');
    await intention().fill('');
    await page.locator('.command-menu').waitFor({ state: 'detached' });
  });

  it('shows a failed turn with its stage and reason, gives the input back, and retries it', async () => {
    await send('I ask Odile what the bone folder is for.');
    const failure = page.locator('.failure');
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toMatch(/narrator[\s\S]*the model server went away/u);
    await expect(intention().inputValue()).resolves.toBe('I ask Odile what the bone folder is for.');
    await page.screenshot({ path: screenshotPath('failure'), animations: 'disabled' });
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.narration', { hasText: 'You turn the bone folder' }).waitFor();
    await expect(failure.count()).resolves.toBe(0);
    await page.locator('.dialog .words', { hasText: 'never argue with the grain' }).waitFor();
  });

  it('plays a third turn and undoes it with Alt+Z', async () => {
    await send('I try the bone folder on a scrap of paper.');
    const third = page.locator('.narration', { hasText: 'obedient as a cat' });
    await third.waitFor();
    await page.locator('.progress-line').waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+KeyZ');
    await third.waitFor({ state: 'detached' });
    await expect(page.locator('.narration', { hasText: 'You turn the bone folder' }).count()).resolves.toBe(1);
  });

  it('opens the debug drawer, reads a narrator prompt, and shows every thought in the Sandbox', async () => {
    await page.getByRole('button', { name: 'Debug' }).click();
    const drawer = page.getByRole('complementary', { name: 'Debug drawer' });
    await drawer.locator('.turn-chip').first().waitFor();
    await drawer.locator('.turn-chip', { hasText: /^1$/u }).click();
    const narrator = drawer.locator('.stage-call[data-stage="narrator"]').first();
    await narrator.locator('summary').click();
    await expect(narrator.locator('.prompt-part pre').first().textContent()).resolves.toMatch(/\S/u);
    await expect(narrator.textContent()).resolves.toContain('I hang up my coat');
    await expect(narrator.locator('.call-numbers').textContent()).resolves.toMatch(/cached[\s\S]*evaluated/u);
    await drawer.getByText('Truth set').waitFor();
    await drawer.getByLabel(/Sandbox/u).check();
    await page.locator('.thought.other', { hasText: 'Careful hands' }).waitFor();
    await page.screenshot({ path: screenshotPath('debug'), animations: 'disabled' });
    await drawer.getByLabel(/Sandbox/u).uncheck();
    await page.getByRole('button', { name: 'Debug' }).click();
  });

  it('switches the theme and keeps it in the settings', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Sepia' }).click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('sepia');
    await page.screenshot({ path: screenshotPath('settings'), animations: 'disabled' });
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.screenshot({ path: screenshotPath('play-dark'), animations: 'disabled' });
    const saved = (await served.call('settings.get', {})) as { value: { appearance: { theme: string } } };
    expect(saved.value.appearance.theme).toBe('dark');
  });

  it('turns the head start between turns off and keeps it in the settings', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const headStart = page.getByRole('checkbox', { name: /Head start/u });
    await expect(headStart.isChecked()).resolves.toBe(true);
    await headStart.uncheck();
    await page.getByRole('button', { name: 'Done' }).click();
    const saved = (await served.call('settings.get', {})) as { value: { play: { warmUp: boolean; choices: boolean } } };
    expect(saved.value.play).toEqual({ choices: true, warmUp: false });
  });

  it('lists the save in the library, renames it and deletes it', async () => {
    await page.getByRole('button', { name: 'Back to the library' }).click();
    const rows = page.locator('.pack[data-pack="tutorial"] .save-row');
    await rows.first().waitFor();
    await rows.first().getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Save title').fill('Robin’s first morning');
    await page.getByLabel('Save title').press('Enter');
    await page.locator('.save-title', { hasText: 'Robin’s first morning' }).first().waitFor();
    await page.screenshot({ path: screenshotPath('library-saves'), animations: 'disabled' });
    const before = await rows.count();
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.count()).toBe(before - 1);
    expect(errors).toEqual([]);
  });
});
