// Renderer benchmarks in Debian's Chromium against `storyloom serve` (the built renderer, as a player gets it):
// how long web mode takes to show the library from a cold start, and how a 10,000-message save opens and scrolls.
import type { Browser, Page } from 'playwright-core';
import { buildApp, launchChromium, serve, type Served } from '../e2e/support/serve.ts';
import { SHOP_SCRIPT } from '../e2e/support/shop-script.ts';
import { writeLongSave } from '../e2e/support/long-save.ts';
import { atMost, median, round, type Benchmark } from './types.ts';

const COLD_SAMPLES = 5;
const OPEN_SAMPLES = 7;
const LONG_MESSAGES = 10_000;
const LONG_FRAME_MS = 50;
const SCROLL_STEP_PX = 1500;

async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  buildApp();
  const browser = await launchChromium();
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

const libraryShown = (page: Page) => page.locator('.pack[data-pack="tutorial"] .pack-title').waitFor();

const coldStart: Benchmark = {
  key: 'web.cold_start_ms',
  run: () =>
    withBrowser(async (browser) => {
      const samples: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
        const started = performance.now();
        const served = await serve(SHOP_SCRIPT);
        try {
          await page.goto(served.url);
          await libraryShown(page);
          samples.push(performance.now() - started);
        } finally {
          await page.close();
          await served.stop();
        }
      }
      return {
        median: round(median(samples), 1),
        unit: 'ms',
        samples: samples.map((s) => round(s, 1)),
        measures: 'spawn `storyloom serve` → URL printed → page loaded → library rendered (Chromium already up)',
      };
    }),
};

/** Clicks the save in the library and resolves, in the page, once its last message is in a painted frame. */
function openToLastPaint(page: Page, saveId: string, lastKey: number): Promise<number> {
  return page.evaluate(
    ([id, key]) =>
      new Promise<number>((resolve) => {
        const button = document.querySelector<HTMLElement>(`.save-row[data-save="${id}"] .save-open`);
        if (button === null) throw new Error(`no save row ${id}`);
        const started = performance.now();
        button.click();
        const check = () => {
          // Once it is in the document, the frame with it is painted before the next one starts.
          const found = document.querySelector(`.stream-item[data-key="${key}"]`) !== null;
          requestAnimationFrame(found ? () => resolve(performance.now() - started) : check);
        };
        requestAnimationFrame(check);
      }),
    [saveId, String(lastKey)] as const,
  );
}

interface ScrollReport {
  readonly frames: number;
  readonly longFrames: number;
  readonly maxFrameMs: number;
  readonly p95FrameMs: number;
  readonly seconds: number;
  readonly rowsLoaded: number;
  readonly reachedOpening: boolean;
}

/** Scrolls the stream from its end to the opening, a step per frame, timing every frame. */
function scrollThrough(page: Page): Promise<ScrollReport> {
  return page.evaluate(
    ([step, longMs]) =>
      new Promise<ScrollReport>((resolve) => {
        const stream = document.querySelector<HTMLElement>('.stream');
        if (stream === null) throw new Error('no stream');
        const frames: number[] = [];
        const started = performance.now();
        let last = started;
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          const done = stream.scrollTop === 0 && stream.querySelector('.opening') !== null;
          if (done || now - started > 90_000) {
            const sorted = [...frames].sort((a, b) => a - b);
            resolve({
              frames: frames.length,
              longFrames: frames.filter((ms) => ms > longMs).length,
              maxFrameMs: sorted.at(-1) ?? 0,
              p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
              seconds: (now - started) / 1000,
              rowsLoaded: Number(stream.querySelector<HTMLElement>('.stream-list')?.dataset['rows'] ?? 0),
              reachedOpening: done,
            });
            return;
          }
          stream.scrollTop = Math.max(0, stream.scrollTop - step);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(tick);
        });
      }),
    [SCROLL_STEP_PX, LONG_FRAME_MS] as const,
  );
}

const longSave: Benchmark = {
  key: 'renderer.10k_first_paint_ms',
  run: () =>
    withBrowser(async (browser) => {
      let saveId = '';
      const served: Served = await serve(SHOP_SCRIPT, {
        prepare: async (home) => {
          saveId = await writeLongSave(home, LONG_MESSAGES);
        },
      });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
        await page.goto(served.url);
        const samples: number[] = [];
        for (let i = 0; i < OPEN_SAMPLES; i++) {
          await page.locator(`.save-row[data-save="${saveId}"]`).waitFor();
          samples.push(await openToLastPaint(page, saveId, LONG_MESSAGES));
          await page.getByRole('button', { name: 'Back to the library' }).click();
        }
        await page.locator(`.save-row[data-save="${saveId}"] .save-open`).click();
        await page.locator(`.stream-item[data-key="${LONG_MESSAGES}"]`).waitFor();
        const scroll = await scrollThrough(page);
        const domRows = await page.locator('.stream-item').count();
        return {
          median: round(median(samples), 1),
          unit: 'ms',
          ...atMost(500),
          samples: samples.map((s) => round(s, 1)),
          messages: LONG_MESSAGES,
          scroll: {
            ...scroll,
            maxFrameMs: round(scroll.maxFrameMs, 1),
            p95FrameMs: round(scroll.p95FrameMs, 1),
            seconds: round(scroll.seconds, 2),
            longFrameThresholdMs: LONG_FRAME_MS,
            stepPxPerFrame: SCROLL_STEP_PX,
            domRowsAtTop: domRows,
          },
          scrollLongFrames: scroll.longFrames,
        };
      } finally {
        await served.stop();
      }
    }),
};

export const benchmarks: Benchmark[] = [coldStart, longSave];
