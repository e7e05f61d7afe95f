import type { BrowserContext, Page } from '@playwright/test';
import { staffWithSession } from '../support/staff-session';
import { expect, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

async function signInAsEditor(context: BrowserContext) {
  const name = 'Desk Editor';
  const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, { name, email: `desk.editor.${Date.now()}@example.com`, role: 'editor' });
  await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

const HEADER = 'kind,name,rating,location,tags,link,image,price_range,opening_status,review_count,highlight,reservation_url,latitude,longitude';

test('an Editor previews a CSV with its errors row by row, imports the good rows, and edits a place and an event', async ({ page, context, consoleErrors }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsEditor(context);
  const stamp = Date.now();
  const csv = [
    HEADER,
    `restaurant,Desk Import Bistro ${stamp},4.5,Old Town,Patio; Brunch,https://example.com/bistro,/images/places/cafe-monarch.svg,$$,Open daily,10 reviews,"Great eggs, better coffee",https://booking.example.com/bistro,33.49,-111.92`,
    `activity,Desk Import Tour ${stamp},nine,Old Town,,https://example.com/tour,/images/places/butterfly-wonderland.svg,$,,,,,,`,
  ].join('\r\n');

  await page.goto('/admin/places');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Restaurants and activities' })).toBeVisible();
  await page.getByLabel('CSV file').scrollIntoViewIfNeeded();
  await expect(page.getByLabel('CSV file')).toBeEnabled();
  await page.getByLabel('CSV file').setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('places.csv: 1 new, 0 changed, 0 unchanged, 1 row with errors (not imported).')).toBeVisible();
  const errorRow = page.getByRole('row', { name: new RegExp(`Desk Import Tour ${stamp}`) });
  await expect(errorRow).toContainText('3');
  await expect(errorRow).toContainText('rating: Rating must be a number');
  // Nothing is written by the preview.
  const before = await page.request.get(`/api/admin/places?q=${encodeURIComponent(`Desk Import Bistro ${stamp}`)}`);
  expect((await before.json()).total).toBe(0);

  await page.getByRole('button', { name: 'Import 1 place' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Places imported' })).toContainText('1 added, 0 changed, 1 rows not imported.');
  await page.getByRole('link', { name: `Desk Import Bistro ${stamp}` }).click();
  await waitForIslands(page);
  await page.getByLabel('Rating (0–5)').fill('4.7');
  await page.getByRole('button', { name: 'Save place' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Place saved' })).toBeVisible();
  await expect(page.getByLabel('Rating (0–5)')).toHaveValue('4.7');
  const placePath = new URL(page.url()).pathname;

  // An event by hand, then edited.
  await page.goto('/admin/events/new');
  await waitForIslands(page);
  await page.getByLabel('Title').fill(`Desk Sunset Ride ${stamp}`);
  await page.getByLabel('Starts (Scottsdale time)').fill('2030-03-14T18:30');
  await page.getByLabel('Place').fill('Pinnacle Peak');
  await page.getByRole('button', { name: 'Add event' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Event added' })).toBeVisible();
  await expect(page.getByLabel('Starts (Scottsdale time)')).toHaveValue('2030-03-14T18:30');
  const eventPath = new URL(page.url()).pathname;
  await page.getByLabel('Link').fill('not a link');
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page.locator('.field__error')).toHaveText('Link must be a valid http(s) URL');
  await expect(page.getByLabel('Link')).toHaveAttribute('aria-invalid', 'true');
  expect(consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);

  for (const [path, name] of [
    ['/admin/places', 'desk-places'],
    [placePath, 'desk-place'],
    ['/admin/events', 'desk-events'],
    [eventPath, 'desk-event'],
  ] as const) {
    await screenshotBothWidths(page, path, name);
    await noHorizontalScroll(page);
  }
});
