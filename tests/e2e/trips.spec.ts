import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { checkoutFrom } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';
import { stripeEnv } from '../support/stripe-env';
import { expect, test, VIEWPORTS, waitForIslands } from './support';

let stripe: FakeStripe;
let server: TestServer;
const ids = new Map<string, number>();
const SAVED = [
  'Pinnacle Peak Trail',
  'FnB',
  'Old Town Scottsdale Farmers Market',
  'Rusty Spur Saloon',
  'Taliesin West',
  'Cattle Track Arts Compound',
  'Knight Rise Skyspace at SMoCA',
  'Gateway Loop Trail',
];

test.beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: stripeEnv(stripe, ['price_test_monthly']) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  const db = openDatabase({ url: server.databaseUrl });
  for (const row of await db.select({ id: spots.id, name: spots.name }).from(spots).where(inArray(spots.name, SAVED))) ids.set(row.name, row.id);
  db.$client.close();
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

/** Minutes after midnight of a label like "8:15 AM". */
function minutesOf(label: string): number {
  if (label === 'Noon') return 720;
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label)!;
  return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
}

test('a member plans Sunday to Tuesday in July from eight saved spots, reorders by keyboard, shares and revokes the link', async ({ page, browser, context }) => {
  test.setTimeout(60_000);
  const { jar } = await checkoutFrom(server, stripe, `trip.${Date.now()}@example.com`, '/trips');
  await context.addCookies(
    jar
      .header()
      .split('; ')
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: server.url })),
  );
  await page.goto(`${server.url}/`);
  await page.evaluate(
    (saved) => localStorage.setItem('savedSpots', JSON.stringify(saved)),
    SAVED.map((name) => ids.get(name)!),
  );

  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(`${server.url}/trips`);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Plan a trip' })).toBeVisible();
  for (const name of SAVED) await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await page.getByLabel('Trip name').fill('July in Scottsdale');
  await page.getByLabel('First day').fill('2026-07-05');
  await page.getByLabel('Days').selectOption('3');
  await page.getByLabel('Full (5 stops a day)').check();
  await page.screenshot({ path: 'test-results/screenshots/trip-form-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Plan my trip' }).click();

  await expect(page.getByRole('heading', { name: 'July in Scottsdale' })).toBeVisible();
  const stop = (name: string) => page.locator(`.trip-stop[data-key="spot:${ids.get(name)}"]`);
  const startOf = async (name: string) => minutesOf((await stop(name).locator('.trip-stop__time > span').first().textContent())!.trim());
  expect(await startOf('Pinnacle Peak Trail')).toBeLessThanOrEqual(9 * 60);
  // FnB is closed Sunday and Monday: it lands on the Tuesday.
  await expect(page.locator('section.trip-day', { hasText: 'Tuesday, Jul 7' }).locator(`.trip-stop[data-key="spot:${ids.get('FnB')}"]`)).toHaveCount(1);
  await expect(page.locator('.trip-unplaced')).toContainText('Old Town Scottsdale Farmers Market: Out of season on your dates (open Oct 1 – May 31)');
  await expect(page.locator('.trip-stop__warning')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/trip-plan-390.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.screenshot({ path: 'test-results/screenshots/trip-plan-1280.png', fullPage: true });

  // Reorder by keyboard: the first stop of a day with two or more goes later, and the times follow.
  const day = page
    .locator('section.trip-day')
    .filter({ has: page.locator('.trip-stop:nth-child(2)') })
    .first();
  const firstKey = await day.locator('.trip-stop').first().getAttribute('data-key');
  const before = await day.locator('.trip-stop__time').allTextContents();
  await page.getByRole('button', { name: 'Rearrange stops' }).click();
  await day
    .locator('.trip-stop')
    .first()
    .getByRole('button', { name: /^Later/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(day.locator('.trip-stop').nth(1)).toHaveAttribute('data-key', firstKey!);
  expect(await day.locator('.trip-stop__time').allTextContents()).not.toEqual(before);
  await expect(page.getByRole('button', { name: 'Plan it afresh' })).toBeVisible();
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.screenshot({ path: 'test-results/screenshots/trip-rearrange-390.png' });
  await page.getByRole('button', { name: 'Done rearranging' }).click();

  // Share: another browser reads the plan; once revoked, the link no longer works.
  await page.getByRole('button', { name: 'Share a read-only link' }).click();
  const link = await page.getByLabel('Read-only link to this trip').inputValue();
  expect(link).toMatch(/\/trips\/[A-Za-z0-9_-]{43}$/);
  const friend = await browser.newContext({ viewport: VIEWPORTS.mobile });
  const friendPage = await friend.newPage();
  expect((await friendPage.goto(link))?.status()).toBe(200);
  await expect(friendPage.getByRole('heading', { name: 'July in Scottsdale' })).toBeVisible();
  await expect(friendPage.locator('.trip-stop')).toHaveCount(await page.locator('.trip-stop').count());
  await expect(friendPage.getByRole('button', { name: /^Later/ })).toHaveCount(0);
  await friendPage.screenshot({ path: 'test-results/screenshots/trip-shared-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share a read-only link' })).toBeVisible();
  expect((await friendPage.reload())?.status()).toBe(404);
  await expect(friendPage.getByText('This trip link does not work (any more)')).toBeVisible();
  await friend.close();
});
