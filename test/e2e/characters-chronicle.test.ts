import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeDrawerPage, openDrawerPage, type DrawerPage } from './support/drawer-page.ts';
import { screenshotPath, type Served } from './support/serve.ts';

/** The arrival's first Chronicler answers after a while, so the world visibly moves on while the player reads. */
const ARRIVAL = readFileSync('stories/lantern-quay/fixtures/arrival.yaml', 'utf8').replace(
  '- stage: chronicler\n  reply:\n    story_state:\n      dramatic_questions:',
  '- stage: chronicler\n  delayMs: 5000\n  reply:\n    story_state:\n      dramatic_questions:',
);

// The debug drawer's Characters and Chronicle tabs in web mode: `storyloom serve` on Lantern Quay with the pack's own
// scripted arrival (seed 16). Its third turn leaves the Drowned Lantern for the quay, which closes the scene: the
// boundary runs in the background with the fixture's reflections (Kit, Mother Rook) and Chronicler; then /end scene
// closes the quay's scene and the Chronicler alone runs again.
describe('characters and chronicle panels', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let drawer: Locator;
  let send: DrawerPage['send'];
  let play: DrawerPage['play'];
  let turnChip: DrawerPage['turnChip'];
  let openNewSave: DrawerPage['openNewSave'];
  const errors: string[] = [];

  beforeAll(async () => {
    ({ served, browser, page, drawer, send, play, turnChip, openNewSave } = await openDrawerPage(ARRIVAL, errors));
  });

  afterAll(() => closeDrawerPage({ served, browser }));

  const input = () => page.getByLabel('Your intention');
  const guidance = () => drawer.getByRole('region', { name: 'Writer guidance' });

  it('plays the first two turns in the Drowned Lantern: the Chronicle tab says why it is empty', async () => {
    await openNewSave('lantern-quay', 16);
    // The persona's first thought, as in the fixture's inputs: its own reflection at the boundary recalls it.
    await page
      .getByLabel('Your thought (optional)')
      .fill("Three days of mud for one letter. Into Pell's hand, take my fee, and out on the first dry road.");
    await play(
      'I stamp the coach mud off my boots by the fire and ask the landlady whether Riding Officer Thomas Pell lodges or drinks here.',
      'go through the pockets',
    );
    await play(
      '/whisper kit-wickett I keep my coat on, but press a penny into her palm and ask, under the fiddle, who here might know where Mr. Pell has gone.',
      'sheepshank in the dark',
    );
    await page.getByRole('button', { name: 'Debug' }).click();
    await drawer.getByRole('tab', { name: 'Chronicle' }).click();
    await expect
      .poll(() => drawer.locator('.chronicle-empty').textContent(), { timeout: 10_000 })
      .toBe('No scene boundary has run yet. The Chronicler writes at the end of a scene.');
  });

  it('leaves for the quay, and once the world has moved on the Chronicle tab shows the writer guidance', async () => {
    await play(
      'I give Mother Rook my name, pay a shilling for the room, and step out onto the quay to find the harbourmaster.',
      'know what I mean by it',
    );
    const indicator = page.locator('.boundary-indicator');
    await indicator.waitFor();
    // As the background work begins, the drawer has no chronicle to show yet: the Chronicler writes in the boundary.
    // The drawer follows turn 3 as it commits, so it may still be reading that turn's view; wait for the view, which
    // comes long before the fixture’s Chronicler answers (5 s), then read which of the two it shows.
    const chronicleShown = drawer.locator('.chronicle-empty').or(drawer.locator('.chronicle-headline'));
    await chronicleShown.waitFor();
    await expect(chronicleShown.getAttribute('class')).resolves.toContain('chronicle-empty');
    await expect(indicator.getAttribute('role')).resolves.toBe('status');
    // The turn's extractors run first (the story takes note), then the scene's boundary, then the reflections.
    await expect
      .poll(() => indicator.textContent(), { timeout: 10_000 })
      .toMatch(/^(The world moves on… \d of 8|The characters remember… \d of 2)$/u);
    // The boundary never holds the input: the player types on while the world moves on.
    await input().fill('I turn up my collar');
    await expect(input().inputValue()).resolves.toBe('I turn up my collar');
    await page.screenshot({ path: screenshotPath('boundary-indicator'), animations: 'disabled' });
    await guidance().waitFor({ timeout: 15_000 });
    await input().fill('');
    await expect(drawer.locator('.chronicle-headline').textContent()).resolves.toContain('after turn 3');
    const manifesting = guidance().locator('.chronicle-section.mandatory');
    await expect(manifesting.locator('h4').textContent()).resolves.toBe('Manifesting nowmandatory');
    await expect(manifesting.locator('li').allTextContents()).resolves.toEqual(['The wind off the harbour is rising.']);
    await expect(guidance().locator('.tonal-direction').textContent()).resolves.toBe('Tone: Watchful.');
    await expect(
      drawer.getByRole('list', { name: 'Dramatic questions' }).locator('li').allTextContents(),
    ).resolves.toEqual(['Where is Riding Officer Thomas Pell? — tension medium']);
    await page.locator('.boundary-indicator').waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('chronicle-panel'), animations: 'disabled' });
  });

  it('shows in the Characters tab the memory Kit took from the scene, and the lore in the World KG', async () => {
    await drawer.getByRole('tab', { name: 'Characters' }).click();
    await drawer.getByRole('button', { name: /Kit Wickett/u }).click();
    const kit = drawer.getByRole('region', { name: 'Kit Wickett' });
    const memory = kit.locator('.knowledge-entry', { hasText: 'A wet stranger off the coach asked after Mr. Pell' });
    await memory.waitFor({ timeout: 10_000 });
    await expect(memory.getAttribute('data-source')).resolves.toBe('character-reflection');
    await expect(memory.locator('.salience').textContent()).resolves.toBe('salience 6');
    await expect(memory.locator('.tag').allTextContents()).resolves.toEqual(['stranger', 'reflection']);
    await expect(kit.locator('h3 .tier-badge').textContent()).resolves.toBe('significant');
    // Her states as the extractor left them after turn 3: the penny's curiosity, and a grief still below manifest.
    const states = drawer.getByRole('list', { name: 'States of Kit Wickett' });
    await expect(states.locator('li', { hasText: 'curious about the stranger' }).textContent()).resolves.toBe(
      'curious about the stranger mood · level 8',
    );
    await expect(states.locator('li.subconscious').allTextContents()).resolves.toEqual([
      'missing Mr. Pell grief · level 4 · subconscious',
    ]);
    // Mother Rook's reflection stays in her own graph.
    await expect(kit.textContent()).resolves.not.toContain('Mr. Crane should hear of it');
    await page.screenshot({ path: screenshotPath('characters-panel'), animations: 'disabled' });

    await drawer.getByRole('button', { name: 'World KG' }).click();
    const world = drawer.getByRole('list', { name: 'World knowledge' });
    await world.waitFor({ timeout: 10_000 });
    await expect(world.textContent()).resolves.toContain('Mother Rook enters her kindnesses in her ledger');
    await expect(world.textContent()).resolves.not.toContain('A wet stranger off the coach');
  });

  it('closes the quay scene with /end scene: the Chronicler writes again, turn 3 keeps its own guidance', async () => {
    await drawer.getByRole('tab', { name: 'Chronicle' }).click();
    await send('/end scene');
    await expect
      .poll(() => guidance().locator('.chronicle-section.mandatory li').allTextContents(), { timeout: 15_000 })
      .toEqual(['Rain comes in across the harbour mouth.']);
    await turnChip(3).click();
    await expect
      .poll(() => guidance().locator('.chronicle-section.mandatory li').allTextContents(), { timeout: 10_000 })
      .toEqual(['The wind off the harbour is rising.']);
    await expect(input().isEnabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });
});
