import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, VIEWPORTS } from './support';

test.use({ serviceWorkers: 'allow' });

const PROMPT_NAME = 'Install Scottsdale Local Guide';
const DISMISSED_KEY = 'installPromptDismissed';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The worker is active and controls the page (it claims the page that installed it). */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** The prompt's script is a module: it runs before DOMContentLoaded, so the prompt is live then. */
async function hydrateInstallPrompt(page: Page): Promise<void> {
  await expect(page.locator('[data-install-prompt]')).toBeAttached();
  await page.waitForLoadState('domcontentloaded');
}

/** What Chrome fires when the app becomes installable; prompt() and userChoice are stand-ins. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<void> {
  await page.evaluate((choice) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    const calls = window as unknown as { installPromptCalls: number };
    calls.installPromptCalls = 0;
    Object.assign(offer, {
      prompt: async () => {
        calls.installPromptCalls += 1;
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(offer);
  }, outcome);
}

/** Home page with the clock paused, so the 3 s delay can be stepped through exactly. */
async function openHomeWithPausedClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto('/');
  await hydrateInstallPrompt(page);
}

/** Clears the dismissed flag, reloads, and lets 3 s pass after a new offer from the browser. */
async function offerAgainAfterReload(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<void> {
  await page.evaluate((key) => localStorage.removeItem(key), DISMISSED_KEY);
  await page.reload();
  await hydrateInstallPrompt(page);
  await offerInstall(page, outcome);
  await page.clock.runFor(3_000);
}

/** Paths of the pages and API reads the service worker has stored. */
const cachedPaths = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cacheName);
const cachedPages = (page: Page) => cachedPaths(page, 'pages');
const cachedReads = (page: Page) => cachedPaths(page, 'api-reads');

const dismissedFlag = (page: Page) => page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY);

test.describe('installable app', () => {
  test('the web manifest is complete and linked from every page head', async ({ page, request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Scottsdale Local Guide',
      short_name: 'Scottsdale',
      theme_color: '#a8461f',
      background_color: '#fdfaf5',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      categories: ['travel', 'lifestyle'],
      description: expect.stringContaining('Scottsdale'),
    });

    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose} icon`).toBeDefined();
      const file = await request.get(icon!.src);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`).toBe(size);
    }
    expect(pngSize(await (await request.get('/icons/apple-touch-icon.png')).body())).toEqual({ width: 180, height: 180 });

    for (const path of ['/', '/spots', '/offline']) {
      await page.goto(path);
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
    }
  });

  test('the service worker is served fresh, registers and controls the page', async ({ page, request }) => {
    const script = await request.get('/sw.js');
    expect(script.ok()).toBe(true);
    expect(script.headers()['cache-control'] ?? '').not.toContain('immutable');

    await page.goto('/');
    await serviceWorkerReady(page);
    const worker = await page.evaluate(async () => {
      const { scope, active } = await navigator.serviceWorker.ready;
      return { scope: new URL(scope).pathname, state: active?.state, script: active?.scriptURL };
    });
    expect(worker).toEqual({ scope: '/', state: 'activated', script: expect.stringMatching(/\/sw\.js$/) });
  });

  test("Chrome's installability checks pass", async ({ playwright, baseURL }) => {
    // Chrome never offers installation in incognito, and test contexts are incognito: use a profile.
    const profile = mkdtempSync(join(tmpdir(), 'guide-install-'));
    const { launchOptions } = test.info().project.use;
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await serviceWorkerReady(page);
      const cdp = await context.newCDPSession(page);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('after one online visit, home, a story, the spot list and the leaderboard open offline; private and unvisited pages show the offline page', async ({
    page,
    request,
    context,
    consoleErrors,
  }) => {
    const [story] = (await (await request.get('/api/blog')).json()) as [{ slug: string; title: string }];

    await page.goto('/');
    await serviceWorkerReady(page);
    // The page that installed the worker is stored once the worker is active.
    await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('pages')).match('/')))).toBe(true);
    await page.goto(`/blog/${story.slug}`);
    await page.goto('/spots');
    await page.goto('/top-spots');
    await expect.poll(() => cachedPages(page)).toContain('/top-spots');
    await expect.poll(() => cachedPages(page)).toContain('/spots');

    await context.setOffline(true);
    const home = await page.goto('/');
    expect(home?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scottsdale, the way locals live it.');

    await page.goto(`/blog/${story.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);

    await page.goto('/top-spots');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top Spots Leaderboard');

    // The spot list of a visitor who is not locked out is the same for everyone: kept like the others.
    await page.goto('/spots');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Spots');

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    const saved = page.getByRole('region', { name: 'Saved on this device' });
    await expect(saved.getByRole('link', { name: 'Top Spots' })).toBeVisible();
    await expect(saved.getByRole('link', { name: story.title })).toBeVisible();
    await expect(saved.getByRole('link', { name: 'All Spots' })).toBeVisible();

    // Admin pages are never stored, even after a visit.
    await context.setOffline(false);
    await page.goto('/admin');
    await context.setOffline(true);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");

    const unexpected = consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR/.test(e));
    expect(unexpected).toEqual([]);
  });

  test('pages marked private or no-store are never stored; signing out empties the stored pages and reads', async ({ page }) => {
    await page.goto('/');
    await serviceWorkerReady(page);
    await expect.poll(() => cachedPages(page)).toContain('/');

    const account = await page.goto('/account');
    expect(account?.headers()['cache-control']).toMatch(/\bprivate\b/);
    // A spot page is shared by the server for visitors without a meter, but the worker never stores
    // it: a visitor's copy could be the locked one, or outlive their subscription.
    await page.goto('/spots/taliesin-west');
    // A public page visited afterwards is stored; by then the private ones would have been too.
    await page.goto('/events');
    await expect.poll(() => cachedPages(page)).toContain('/events');
    expect(await cachedPages(page)).not.toContain('/spots/taliesin-west');
    expect(await cachedPages(page)).not.toContain('/account');

    // Signed in (the demo sign-in lives in this browser), with pages and a read stored.
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ firstName: 'Ana', email: 'ana@example.com' })));
    await page.goto('/blog');
    await page.evaluate(() => fetch('/api/blog').then((r) => r.json()));
    await expect.poll(() => cachedPages(page)).toContain('/blog');
    await expect.poll(() => cachedReads(page)).toContain('/api/blog');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    // Only the home page the sign-out landed on, fetched signed out, may be stored again.
    expect((await cachedPages(page)).filter((path) => path !== '/')).toEqual([]);
    expect(await cachedReads(page)).not.toContain('/api/blog');
  });

  test('public API reads are kept (the spot list too, while the visitor is not locked out); a write empties them; private reads are never kept', async ({ page }) => {
    await page.goto('/');
    await serviceWorkerReady(page);
    const cachedApi = () => page.evaluate(async () => (await (await caches.open('api-reads')).keys()).map((r) => new URL(r.url).pathname));

    await page.evaluate(() => fetch('/api/blog').then((r) => r.json()));
    await expect.poll(cachedApi).toContain('/api/blog');

    // A write empties the stored reads so the next read is fresh.
    const email = `pwa-${Date.now()}@example.com`;
    await page.evaluate((body) => fetch('/api/subscribe', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }), JSON.stringify({ email }));
    await expect.poll(cachedApi).toEqual([]);

    await page.evaluate(async () => {
      await fetch('/api/subscription/status?email=someone@example.com');
      await fetch('/api/suggestions/pending');
      await fetch('/api/spots');
    });
    await page.evaluate(() => fetch('/api/events').then((r) => r.json()));
    await expect.poll(async () => (await cachedApi()).sort()).toEqual(['/api/events', '/api/spots']);
  });
});

test.describe('install prompt', () => {
  test('appears 3 s after the browser offers installation; Not Now keeps it away after reload', async ({ page, consoleErrors }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openHomeWithPausedClock(page);
    const prompt = page.getByRole('dialog', { name: PROMPT_NAME });

    await offerInstall(page);
    await page.clock.runFor(2_900);
    await expect(prompt).toBeHidden();
    await page.clock.runFor(200);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Install' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/install-prompt-390.png' });

    await prompt.getByRole('button', { name: 'Not Now' }).click();
    await expect(prompt).toBeHidden();
    expect(await dismissedFlag(page)).toBe('true');

    await page.reload();
    await hydrateInstallPrompt(page);
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await expect(prompt).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('declining the browser install sets the dismissed flag; accepting does not', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openHomeWithPausedClock(page);
    const prompt = page.getByRole('dialog', { name: PROMPT_NAME });

    await offerInstall(page, 'dismissed');
    await page.clock.runFor(3_000);
    await page.screenshot({ path: 'test-results/screenshots/install-prompt-1280.png' });
    await prompt.getByRole('button', { name: 'Install' }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { installPromptCalls: number }).installPromptCalls)).toBe(1);
    await expect.poll(() => dismissedFlag(page)).toBe('true');

    await offerAgainAfterReload(page, 'accepted');
    await prompt.getByRole('button', { name: 'Install' }).click();
    await expect(prompt).toBeHidden();
    expect(await dismissedFlag(page)).toBeNull();
  });

  test('the close button and Escape dismiss it; appinstalled hides it', async ({ page }) => {
    await openHomeWithPausedClock(page);
    const prompt = page.getByRole('dialog', { name: PROMPT_NAME });

    await offerInstall(page);
    await page.clock.runFor(3_000);
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toBeHidden();
    expect(await dismissedFlag(page)).toBe('true');

    await offerAgainAfterReload(page);
    await prompt.getByRole('button', { name: 'Not Now' }).focus();
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    expect(await dismissedFlag(page)).toBe('true');

    await offerAgainAfterReload(page);
    await expect(prompt).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(prompt).toBeHidden();
    expect(await dismissedFlag(page)).toBeNull();
  });

  test('nothing appears without an offer from the browser', async ({ page }) => {
    await openHomeWithPausedClock(page);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('dialog', { name: PROMPT_NAME })).toBeHidden();
  });
});

test.describe('install prompt on iOS', () => {
  test.use({ userAgent: IPHONE_UA, viewport: VIEWPORTS.mobile });

  test('shows the Share → Add to Home Screen steps after 3 s; Not Now keeps them away', async ({ page }) => {
    await openHomeWithPausedClock(page);
    const prompt = page.getByRole('dialog', { name: PROMPT_NAME });
    // The steps are timed from the page's script start.
    await page.clock.runFor(2_900);
    await expect(prompt).toBeHidden();
    await page.clock.runFor(200);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('listitem')).toHaveText([/Tap\s+Share/, /Choose Add to Home Screen/]);
    await expect(prompt.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/install-prompt-ios-390.png' });

    await prompt.getByRole('button', { name: 'Not Now' }).click();
    expect(await dismissedFlag(page)).toBe('true');
    await page.reload();
    await hydrateInstallPrompt(page);
    await page.clock.runFor(10_000);
    await expect(prompt).toBeHidden();
  });

  test('stays away when already opened from the home screen', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    await openHomeWithPausedClock(page);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('dialog', { name: PROMPT_NAME })).toBeHidden();
  });
});
