import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeDrawerPage, openDrawerPage, type DrawerPage } from './support/drawer-page.ts';
import { screenshotPath, type Served } from './support/serve.ts';
import { TRUTH_PACK_ID, TRUTH_SCRIPT, writeTruthPack } from './support/truth-pack.ts';

const TRUST = 'TrustEroding(player,odile-fenn)';

// The debug drawer's Truth panel in web mode: `storyloom serve` with a pack of our own that has triggers, scripted
// replies for every stage (Stage 4 included), driven in Debian's Chromium.
describe('truth panel', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let drawer: Locator;
  let play: DrawerPage['play'];
  let turnChip: DrawerPage['turnChip'];
  const errors: string[] = [];

  beforeAll(async () => {
    ({ served, browser, page, drawer, play, turnChip } = await openDrawerPage(TRUTH_SCRIPT, errors, {
      prepare: writeTruthPack,
    }));
  });

  afterAll(() => closeDrawerPage({ served, browser }));

  const row = (key: string) => drawer.locator(`tr.truth-row[data-key="${key}"]`);
  const trigger = (id: string) => drawer.locator(`.trigger[data-trigger="${id}"]`);

  it('plays a turn whose words make the trigger fire', async () => {
    await page.goto(served.url);
    await page
      .locator(`.pack[data-pack="${TRUTH_PACK_ID}"]`)
      .getByRole('button', { name: /^Begin/u })
      .click();
    await play("I tell Odile I don't trust her.", 'slower than before', '.narration');
  });

  it('opens the Truth panel on the latest turn: propositions with confidence, standing and the min_confidence cut', async () => {
    await page.getByRole('button', { name: 'Debug' }).click();
    await drawer.getByRole('tab', { name: 'Truth set' }).click();
    await expect(drawer.getByRole('tab', { name: 'Truth set' }).getAttribute('aria-selected')).resolves.toBe('true');
    const table = drawer.getByRole('table');
    await table.waitFor();
    await expect(table.locator('caption').textContent()).resolves.toContain('as of turn 1');
    const trust = row(TRUST);
    await expect(trust.getByRole('rowheader').textContent()).resolves.toContain(TRUST);
    await expect(trust.locator('.weight-number').textContent()).resolves.toBe('0.85');
    await expect(trust.locator('.standing').textContent()).resolves.toBe('refined');
    await expect(trust.locator('.confidence-fill').getAttribute('style')).resolves.toContain('width: 85%');
    await expect(trust.locator('.truth-since').textContent()).resolves.toBe('1');
    // Stage 4's 0.3 for a coldness is below min_confidence 0.5: shown, dimmed, counting 0.
    const cold = row('AffectionWaning(player,odile-fenn)');
    await expect(cold.getAttribute('class')).resolves.toContain('below-min');
    await expect(cold.locator('.counts-zero').textContent()).resolves.toBe('counts 0');
    await expect(row('CharacterPresent(odile-fenn)').locator('.weight-number').textContent()).resolves.toBe('1.00');
    await expect(row('trust_delta(player,odile-fenn)').locator('.weight-number').textContent()).resolves.toBe('−0.20');
  });

  it('shows the diff since the turn before: the added proposition highlighted and listed', async () => {
    await expect(row(TRUST).getAttribute('class')).resolves.toContain('added');
    await expect(row(TRUST).locator('.diff-badge').textContent()).resolves.toBe('new');
    const added = drawer.locator('.truth-diff li.diff-added', { hasText: TRUST });
    await expect(added.count()).resolves.toBe(1);
    await expect(drawer.locator('.truth-diff h4').textContent()).resolves.toMatch(/Since turn 0[\s\S]*added/u);
  });

  it('shows the trigger fired, and its evaluation trace behind an expandable, keyboard-operable “why”', async () => {
    const doubted = trigger('odile_doubted');
    await expect(doubted.locator('.trigger-state').textContent()).resolves.toBe('FIRED');
    await expect(doubted.locator('.trigger-notes').textContent()).resolves.toContain('on a provisional judgment');
    const why = doubted.getByRole('button', { name: 'Why odile_doubted' });
    await expect(why.getAttribute('aria-expanded')).resolves.toBe('false');
    await why.click();
    await expect(why.getAttribute('aria-expanded')).resolves.toBe('true');
    const trace = doubted.getByRole('list', { name: 'Why odile_doubted fired' });
    await expect(trace.locator('.trace-mark').first().textContent()).resolves.toBe('✓');
    await expect(trace.textContent()).resolves.toContain(`${TRUST} — provisional confidence 0.7`);
    await expect(trace.locator('.provisional-marker').count()).resolves.toBe(1);
    // The other trigger waits; its trace is a tree, opened from the keyboard.
    const confides = trigger('odile_confides');
    await expect(confides.locator('.trigger-state').textContent()).resolves.toBe('waits');
    const confidesWhy = confides.getByRole('button', { name: 'Why odile_confides' });
    await confidesWhy.focus();
    await page.keyboard.press('Enter');
    await expect(confidesWhy.getAttribute('aria-expanded')).resolves.toBe('true');
    const nested = confides.locator('.trace-tree .trace-node .trace-node');
    await expect(nested.count()).resolves.toBe(2);
    await expect(nested.first().textContent()).resolves.toMatch(/✗[\s\S]*TrustGrowing\(player,odile-fenn\)/u);
    await page.keyboard.press('Space');
    await expect(confidesWhy.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('sums up how the turn was classified', async () => {
    const summary = drawer.locator('.truth-classification');
    const text = await summary.textContent();
    expect(text).toContain('speak to odile-fenn');
    expect(text).toMatch(/provisional\s*TrustEroding\(player,odile-fenn\) 0\.70/u);
    expect(text).toContain('mandate: Odile grows guarded');
    expect(text).toContain('landed within the turn');
    expect(text).toMatch(/confirmed\s*TrustEroding\(player,odile-fenn\) 0\.70 → 0\.85/u);
    await page.screenshot({ path: screenshotPath('truth-panel'), animations: 'disabled' });
  });

  it('narrows the rows (and the diff) with the filter', async () => {
    const rows = drawer.locator('tr.truth-row');
    const all = await rows.count();
    expect(all).toBeGreaterThan(4);
    await drawer.getByLabel('Filter keys').fill('trust');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(row(TRUST).count()).resolves.toBe(1);
    await expect(row('trust_delta(player,odile-fenn)').count()).resolves.toBe(1);
    await expect(drawer.locator('.truth-diff li').count()).resolves.toBe(2);
    await expect(drawer.locator('caption').textContent()).resolves.toContain(`(2 of ${all} shown)`);
    await drawer.getByLabel('Filter keys').fill('no such key');
    await drawer.getByText('No key matches the filter.').waitFor();
    await drawer.getByLabel('Filter keys').fill('');
    await expect.poll(() => rows.count()).toBe(all);
  });

  it('follows the next turn by itself: a changed weight, then back to turn 1 with the turn picker', async () => {
    await play('I ask Odile where the lamp oil is kept.', 'handle first', '.narration');
    await expect.poll(() => drawer.locator('caption').textContent(), { timeout: 10_000 }).toContain('as of turn 2');
    await expect(row(TRUST).locator('.weight-number').textContent()).resolves.toBe('0.85 → 0.60');
    await expect(row(TRUST).getAttribute('class')).resolves.toContain('changed');
    await expect(drawer.locator('.truth-diff li.diff-changed', { hasText: TRUST }).textContent()).resolves.toContain(
      '0.85 → 0.60',
    );
    await turnChip(1).click();
    await expect.poll(() => drawer.locator('caption').textContent(), { timeout: 10_000 }).toContain('as of turn 1');
    await expect(trigger('odile_doubted').locator('.trigger-state').textContent()).resolves.toBe('FIRED');
    await page.screenshot({ path: screenshotPath('truth-panel-turn-1'), animations: 'disabled' });
  });

  it('keeps the stage calls one tab away, and moves between tabs with the arrow keys', async () => {
    const truthTab = drawer.getByRole('tab', { name: 'Truth set' });
    await truthTab.focus();
    await page.keyboard.press('ArrowLeft');
    const callsTab = drawer.getByRole('tab', { name: 'Stage calls' });
    await expect(callsTab.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Stage calls');
    await drawer.locator('.stage-call[data-stage="deep_interpretation"]').first().waitFor();
    await expect(drawer.getByRole('tabpanel').getAttribute('aria-labelledby')).resolves.toBe('debug-tab-calls');
    expect(errors).toEqual([]);
  });
});
