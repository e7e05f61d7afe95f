import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, VIEWPORTS, waitForIslands } from './support';

test.use({ serviceWorkers: 'allow', viewport: VIEWPORTS.mobile });

const STOPS = ['Pinnacle Peak Trail', 'Taliesin West', 'Cattle Track Arts Compound'];

/** The worker is active and controls the page (it claims the page that installed it). */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** A fresh tab of the context: nothing of the last page's scripts is left in memory. */
async function freshPage(context: BrowserContext): Promise<Page> {
  for (const open of context.pages()) await open.close();
  return context.newPage();
}

/** The plan as a reader reads it: each day's heading, and each stop's driving, times, name and kind. */
const planText = (page: Page) => page.locator('.trip-days').innerText();

test('a trip and a shared trip opened once stay readable offline on a cold visit, in that browser only', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const { markers } = (await (await request.get('/api/spots/map')).json()) as { markers: { id: number; name: string }[] };
  const items = STOPS.map((name) => ({ type: 'spot', id: markers.find((m) => m.name === name)!.id }));

  const mine = await browser.newContext();
  let page = await mine.newPage();
  await page.goto('/');
  await serviceWorkerReady(page);
  const { trip, link } = await page.evaluate(async (stops) => {
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const created = await send('POST', '/api/trips', {
      title: 'A day in the desert',
      startDay: '2026-12-08',
      dayCount: 1,
      pace: 'relaxed',
      base: { label: 'Old Town', latitude: 33.4942, longitude: -111.9261 },
      items: stops,
    });
    const shared = await send('POST', `/api/trips/${created.trip.id}/share`);
    return { trip: created.trip as { id: number }, link: new URL(shared.url).pathname };
  }, items);

  // Opened online: the planner and the shared link, each once.
  await page.goto('/trips');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'A day in the desert' })).toBeVisible();
  // Taliesin West is closed on Tuesdays: two stops, and the third listed with why.
  await expect(page.locator('.trip-stop')).toHaveCount(2);
  const planned = await planText(page);
  expect(planned).toContain('Tuesday, Dec 8');
  expect(planned).toContain('Taliesin West: Closed on every day of your trip');
  expect(planned).toMatch(/\d+ min drive from Old Town|A short walk from Old Town/);
  expect((await page.goto(link))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A day in the desert');
  const shared = await planText(page);
  // Nothing of either page is in the worker's caches: the offline copy is the browser's own.
  const cached = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat(),
  );
  expect(cached.filter((path) => path.startsWith('/trips'))).toEqual([]);

  // Offline, in a new tab, both open from a cold navigation and show the same plan.
  await mine.setOffline(true);
  page = await freshPage(mine);
  const planner = await page.goto('/trips');
  expect(planner?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan my trip');
  await expect(page.getByRole('status')).toHaveText('Offline: showing the plan as last loaded. Changes, sharing and the calendar file come back when you are online.');
  await expect(page.getByRole('heading', { name: 'A day in the desert' })).toBeVisible();
  expect(await planText(page)).toBe(planned);
  await page.screenshot({ path: 'test-results/screenshots/trip-offline-390.png', fullPage: true });
  page = await freshPage(mine);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A day in the desert');
  await expect(page.getByText("Staying in Old Town. Times follow each place's real hours on the day.")).toBeVisible();
  expect(await planText(page)).toBe(shared);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.screenshot({ path: 'test-results/screenshots/trip-shared-offline-1280.png', fullPage: true });

  // Another browser that knows the site and the link, but never opened them online, sees nothing of the trip.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await theirs.goto('/');
  await serviceWorkerReady(theirs);
  await other.setOffline(true);
  await theirs.goto('/trips');
  await expect(theirs.getByRole('heading', { level: 1 })).toHaveText('Plan my trip');
  await expect(theirs.getByRole('status')).toHaveText(
    "You're offline, and your trips have not been opened on this device yet. A plan you open while online stays readable here afterwards.",
  );
  await theirs.goto(link);
  await expect(theirs.getByRole('heading', { level: 1 })).toHaveText('This trip is not on this device');
  await expect(theirs.locator('.trip-stop')).toHaveCount(0);
  await expect(theirs.getByText('A day in the desert')).toHaveCount(0);
  await other.close();

  // Once the owner turns the link off, the link's next answer (404) takes the kept copy with it.
  await mine.setOffline(false);
  page = await freshPage(mine);
  await page.goto('/');
  expect(await page.evaluate(async (id) => (await fetch(`/api/trips/${id}/share`, { method: 'DELETE' })).status, trip.id)).toBe(204);
  expect((await page.goto(link))?.status()).toBe(404);
  await mine.setOffline(true);
  page = await freshPage(mine);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This trip is not on this device');
  await mine.close();
});
