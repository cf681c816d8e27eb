import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeTinyLlamaGguf } from '../../engine/llm/tiny/index.ts';
import { buildApp, launchChromium, screenshotPath, serve, type Served } from './support/serve.ts';
import { SHOP_SCRIPT } from './support/shop-script.ts';
import { measuredSpeed } from '../support/model-speed.ts';

interface SettingsReply {
  readonly value: { readonly llm: { readonly default: unknown } };
}

// A model measured on this machine: the picker shows the player's wait, and the threads setting is saved with it.
describe('model speed in the model picker', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    buildApp();
    served = await serve(SHOP_SCRIPT, {
      prepare: async (home) => {
        const model = join(home, 'models', 'measured.gguf');
        await mkdir(join(home, 'models'), { recursive: true });
        await writeTinyLlamaGguf(model, { seed: 3, name: 'Measured Model' });
        const speeds = { version: 1, models: { [model]: measuredSpeed(await stat(model)) } };
        await writeFile(join(home, 'model-speeds.json'), JSON.stringify(speeds));
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

  it('shows the measured speed and a turn’s wait, and saves the CPU threads chosen', async () => {
    await page.goto(served.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Choose a model…' }).click();
    await dialog.getByRole('radio', { name: 'On this machine' }).click();
    const row = dialog.locator('.local-models li', { hasText: 'Measured Model' });
    await row.getByText('≈ 18 tokens/s here; a Lantern Quay turn ≈ 2 minutes').waitFor();
    await expect(row.getByRole('button', { name: 'Measure again' }).count()).resolves.toBe(1);
    await row.getByRole('radio').check();
    await dialog.getByLabel('CPU threads').selectOption('1');
    await page.screenshot({ path: screenshotPath('settings-model-speed'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Use this model' }).click();
    await expect
      .poll(async () => ((await served.call('settings.get', {})) as SettingsReply).value.llm.default)
      .toMatchObject({ kind: 'local', threads: 1 });
    expect(errors).toEqual([]);
  });
});
