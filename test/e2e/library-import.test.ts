import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildApp, launchChromium, screenshotPath, serve, type Served } from './support/serve.ts';
import { SHOP_SCRIPT } from './support/shop-script.ts';
import { writeCoverPack } from './support/cover-pack.ts';

const CARD_DATA = {
  name: 'Mara Quill',
  description: 'A harbourmaster.',
  personality: '',
  scenario: '',
  first_mes: '',
  mes_example: '',
  creator_notes: '',
  system_prompt: '',
  post_history_instructions: '',
  alternate_greetings: [],
  tags: [],
  creator: '',
  character_version: '',
  extensions: {},
};
const CARD = JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: CARD_DATA });

/** Drags a file over the library (as the OS would) and, unless told to hold, drops it. */
async function dragFile(page: Page, name: string, text: string, phase: 'over' | 'drop'): Promise<void> {
  await page.evaluate(
    ({ name, text, phase }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      const target = document.querySelector('.library-body') ?? document.body;
      const fire = (type: string) =>
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      if (phase === 'over') {
        fire('dragenter');
        fire('dragover');
      } else {
        fire('drop');
      }
    },
    { name, text, phase },
  );
}

// The library's covers and drag-and-drop import, in web mode.
describe('library covers and import', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    buildApp();
    served = await serve(SHOP_SCRIPT, { prepare: (home) => writeCoverPack(home) });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(served.url);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('shows a pack’s cover, and the title’s initial for packs without one', async () => {
    const covered = page.locator('.pack[data-pack="harbour-lights"]');
    await covered.locator('.pack-title', { hasText: 'Harbour Lights' }).waitFor();
    // Covers are fetched lazily, as each card comes into view.
    await covered.scrollIntoViewIfNeeded();
    await covered.locator('.pack-cover img').waitFor();
    const src = await covered.locator('.pack-cover img').getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/u);
    const natural = await covered.locator('.pack-cover img').evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(natural).toBe(120);
    const tutorial = page.locator('.pack[data-pack="tutorial"]');
    await expect(tutorial.locator('.pack-initial').textContent()).resolves.toBe('T');
    await expect(tutorial.locator('.pack-cover img').count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('library-covers'), animations: 'disabled' });
  });

  it('shows a drop overlay while a file is dragged over the library', async () => {
    await dragFile(page, 'mara_quill.json', CARD, 'over');
    await page.locator('.drop-overlay', { hasText: 'Drop to import' }).waitFor();
    await page.screenshot({ path: screenshotPath('drop-overlay'), animations: 'disabled' });
  });

  it('imports a dropped card into a new pack, summarises it, and lists the pack', async () => {
    await dragFile(page, 'mara_quill.json', CARD, 'drop');
    await page.locator('.drop-overlay').waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.waitFor();
    // Only the player's own pack and "a new pack" are offered; built-in stories are read-only.
    const options = await dialog.getByLabel('Into').locator('option').allTextContents();
    expect(options).toEqual(['Harbour Lights', 'A new pack…']);
    await dialog.getByLabel('Into').selectOption({ label: 'A new pack…' });
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Mara quill');
    await dialog.getByLabel('Name').fill('Quayside Folk');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = dialog.locator('.import-summary');
    await summary.waitFor();
    await expect(summary.textContent()).resolves.toContain('Mara Quill');
    await expect(summary.locator('.test-ok').textContent()).resolves.toContain('JSON card V2 into the new pack');
    // The engine says packs changed; the library lists the new pack (in its folder named after the pack).
    await page.locator('.pack[data-pack="quayside-folk"] .pack-title', { hasText: 'Quayside Folk' }).waitFor();
    await page.screenshot({ path: screenshotPath('import-summary'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the engine’s message when the file is not a card', async () => {
    await dragFile(page, 'broken.json', '{"hello": "world"}', 'over');
    await dragFile(page, 'broken.json', '{"hello": "world"}', 'drop');
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.not.toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('imports through the button’s file picker too', async () => {
    await page.getByLabel('Card or lorebook file').setInputFiles({
      name: 'mara.json',
      mimeType: 'application/json',
      buffer: Buffer.from(CARD),
    });
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.waitFor();
    await expect(dialog.locator('h2').textContent()).resolves.toContain('mara.json');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });
  it('opens a new game on the card greeting chosen in the new-game dialog', async () => {
    const data = {
      ...CARD_DATA,
      first_mes: 'Mara nods at {{user}}.',
      alternate_greetings: ['"Late again," says {{char}}.'],
    };
    await page.getByLabel('Card or lorebook file').setInputFiles({
      name: 'greeter.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data })),
    });
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.getByLabel('Into').selectOption({ label: 'A new pack…' });
    await dialog.getByLabel('Name').fill('Greeting Story');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.locator('.import-summary').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const pack = page.locator('.pack[data-pack="greeting-story"]');
    await pack.waitFor();
    // The first greeting is chosen already; the player picks the alternate one.
    await expect(pack.getByLabel('Mara Quill: greeting 1').isChecked()).resolves.toBe(true);
    await pack.getByLabel('Mara Quill: greeting 2').check();
    await pack.getByRole('button', { name: 'Begin Greeting Story' }).click();
    await page.getByText('"Late again," says Mara Quill.').waitFor();
    await expect(page.getByText('{{char}}').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
