import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/** Every console error and uncaught page error, so a test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});
export { expect };

/** Full-page screenshots at 390 px and 1280 px under test-results/screenshots/. */
export async function screenshotBothWidths(page: Page, path: string, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(path);
    await loadLazyContent(page);
    await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png`, fullPage: true });
  }
}

/** Scrolls through the page so lazy images and islands load before a full-page screenshot. */
export async function loadLazyContent(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A screen at a time, each on screen long enough for the IntersectionObservers behind lazy
    // pictures and visible islands to report it.
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  // Every picture the walk asked for has arrived (or failed), without waiting out a quiet network.
  await page.waitForLoadState('load');
  await page.waitForFunction(() => [...document.images].every((image) => (image.loading === 'lazy' ? image.complete || !image.currentSrc : image.complete)));
}

/**
 * Waits until the page's load and idle islands have hydrated (Astro drops their `ssr` attribute
 * then), so clicks are not lost. Islands that hydrate when visible, or at the reader's first touch
 * (`client:on-interaction`), or when they come near the screen (`client:one-per-task`), are left
 * alone: taps that reach them first are held until they have.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:not([client="visible"]):not([client="on-interaction"]):not([data-wakes-in-view])').length === 0,
  );
}

/**
 * Scrolls down the /spots list card by card (cards wake as they come near the screen) and expects
 * each one locked, then goes back to the top.
 */
export async function expectEveryCardLocked(page: Page): Promise<void> {
  const all = page.locator('.spot-card');
  const count = await all.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await all.nth(i).scrollIntoViewIfNeeded();
    await expect(all.nth(i)).toHaveClass(/spot-card--locked/);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
