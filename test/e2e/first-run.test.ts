import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildApp, launchChromium, screenshotPath, serve, type Served } from './support/serve.ts';
import { SHOP_SCRIPT } from './support/shop-script.ts';

interface SettingsReply {
  readonly value: { readonly llm: { readonly default: unknown; readonly stages: Record<string, unknown> } };
}

// A first start: no model in the settings and none pinned with --llm, so the setup screen stands before the library.
describe('first run and model settings', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    buildApp();
    served = await serve(SHOP_SCRIPT, { pinned: false });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  const settings = async () => ((await served.call('settings.get', {})) as SettingsReply).value.llm;

  it('blocks on the setup screen, offering the recommended download first', async () => {
    await page.goto(served.url);
    const screen = page.getByRole('main', { name: 'Welcome to Storyloom' });
    await screen.waitFor();
    await expect(page.locator('.library').count()).resolves.toBe(0);
    await screen.locator('.catalog-model').first().waitFor();
    await expect(
      screen.locator('.catalog-model').first().getByRole('button', { name: 'Download' }).count(),
    ).resolves.toBe(1);
    await page.screenshot({ path: screenshotPath('first-run-screen'), animations: 'disabled' });
  });

  it('tests a remote endpoint and says why it failed', async () => {
    const screen = page.getByRole('main', { name: 'Welcome to Storyloom' });
    await screen.getByRole('radio', { name: 'Remote endpoint' }).click();
    await screen.getByLabel('Endpoint').fill('http://127.0.0.1:9/v1');
    await screen.getByLabel('Model').fill('nobody-home');
    await screen.getByRole('button', { name: 'Test connection' }).click();
    await screen.locator('.error-line').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('first-run-remote'), animations: 'disabled' });
  });

  it('takes a .gguf path and moves on to the library', async () => {
    const screen = page.getByRole('main', { name: 'Welcome to Storyloom' });
    await screen.getByRole('radio', { name: 'On this machine' }).click();
    await screen.getByLabel('.gguf path').fill('/models/some-model.gguf');
    await screen.getByRole('button', { name: 'Use this model' }).click();
    await page.locator('.pack[data-pack="tutorial"]').waitFor();
    await expect(settings()).resolves.toMatchObject({
      default: { kind: 'local', modelPath: '/models/some-model.gguf' },
    });
  });

  it('overrides one stage in Settings and puts it back on the default', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByText('Per-stage models').click();
    await dialog.getByRole('button', { name: 'Override lore extractor' }).click();
    const editor = dialog.getByRole('group', { name: 'Model for lore extractor' });
    await editor.getByRole('radio', { name: 'Remote endpoint' }).click();
    await editor.getByLabel('Model').fill('small-helper');
    await editor.getByRole('button', { name: 'Use for this stage' }).click();
    const row = dialog.locator('.stage-row[data-stage="lore_extractor"]');
    await row.locator('.stage-provider', { hasText: 'small-helper' }).waitFor();
    await expect(settings()).resolves.toMatchObject({
      stages: { lore_extractor: { kind: 'openai', model: 'small-helper' } },
    });
    await page.screenshot({ path: screenshotPath('settings-stages'), animations: 'disabled' });
    await row.getByRole('button', { name: 'Use the default for lore extractor' }).click();
    await row.locator('.stage-provider', { hasText: 'Default' }).waitFor();
    await expect(settings().then((llm) => llm.stages)).resolves.toEqual({});
  });

  it('lists the catalog to download from in Settings', async () => {
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Choose a model…' }).click();
    await dialog.getByRole('radio', { name: 'Download' }).click();
    await dialog.locator('.catalog-model').first().waitFor();
    await page.screenshot({ path: screenshotPath('settings-catalog'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(errors).toEqual([]);
  });
});
