import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../engine/api/index.ts';
import { buildApp, launchChromium, serve, type Served } from './support/serve.ts';
import { SHOP_SCRIPT } from './support/shop-script.ts';

// The renderer under the strict policy it shares with the desktop window (no inline script, no inline style), in
// Chromium: the policy is enforced, and the renderer needs nothing it forbids.
describe('the renderer under its Content-Security-Policy', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    buildApp();
    served = await serve(SHOP_SCRIPT);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('is served with the shared strict policy: no unsafe-inline for scripts or styles', async () => {
    const response = await page.goto(served.url);
    const policy = response?.headers()['content-security-policy'];
    expect(policy).toBe(contentSecurityPolicy('web'));
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("style-src 'self'");
    // The desktop window's policy is the same but for the network: it has none.
    expect(contentSecurityPolicy('desktop')).toBe(policy?.replace("connect-src 'self'", "connect-src 'none'"));
  });

  it('renders the library and a played turn without a single violation, React style props included', async () => {
    const tutorial = page.locator('.pack[data-pack="tutorial"]');
    await tutorial.locator('.pack-title', { hasText: 'The Bindery on Wren Lane' }).waitFor();
    // PackCover sets its tint through a style prop (the CSSOM, which the policy does not govern).
    const tint = await tutorial
      .locator('.pack-cover')
      .evaluate((element) => getComputedStyle(element).getPropertyValue('--tint'));
    expect(tint.trim()).not.toBe('');
    await tutorial.getByRole('button', { name: /^Begin/u }).click();
    await page.locator('.stream .opening').waitFor();
    await page.getByLabel('Your intention').fill('I hang up my coat and tell Odile I am ready to learn.');
    await page.getByLabel('Your intention').press('Enter');
    await page.locator('.msg.dialog:not(.pending) .words', { hasText: 'Ready, are you?' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('blocks an inline style attribute and an inline script that something might inject', async () => {
    const outcome = await page.evaluate(async () => {
      const probe = document.createElement('div');
      probe.innerHTML = '<p style="color: rgb(255, 0, 0)">styled</p>';
      document.body.append(probe);
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const colour = getComputedStyle(probe.querySelector('p') ?? document.body).color;
      probe.remove();
      return { colour, inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true };
    });
    expect(outcome.colour).not.toBe('rgb(255, 0, 0)');
    expect(outcome.inlineRan).toBe(false);
    expect(problems.some((problem) => /CSP violation: style-src/u.test(problem))).toBe(true);
    expect(problems.some((problem) => /CSP violation: script-src/u.test(problem))).toBe(true);
  });
});
