import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots, type Spot } from '../../db/schema';
import { staffWithSession } from '../support/staff-session';
import { startTestServer, type TestServer } from '../support/server';
import { expect, screenshotBothWidths, test, waitForIslands } from './support';

const PASSWORD = 'desk-e2e-password-creosote';
let server: TestServer;
let db: Database;
let editorSession: string;
let picked: Spot[];

const DAY_MS = 24 * 60 * 60 * 1000;
const cityDay = (days: number) => new Date(Date.now() - 7 * 60 * 60 * 1000 + days * DAY_MS).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

test.beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  db = openDatabase({ url: server.databaseUrl });
  editorSession = (await staffWithSession(server.databaseUrl, { name: 'Rosa Editor', email: 'desk-editor@example.com', role: 'editor' })).token;
  // Three spots with a pin, featured, on the map: the hours change, a closure for a week, one closed for good.
  // Names of their own, so no event or place on the home page shares them.
  const names = ['Ironwood Hours Cantina', 'Palo Verde Patio Bar', 'Creosote Corner Diner'];
  for (const [i, spot] of (await db.select().from(spots).orderBy(asc(spots.id)).limit(3)).entries()) {
    await db
      .update(spots)
      .set({ name: names[i], featured: 1, latitude: 33.5 + i / 100, longitude: -111.9 })
      .where(eq(spots.id, spot.id));
  }
  picked = await db.select().from(spots).orderBy(asc(spots.id)).limit(3);
});
test.afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

test('an Editor finds a spot, changes its hours, closes one for a week and one for good; each shows on the public pages, the map and the History', async ({
  page,
  context,
  consoleErrors,
}) => {
  // Three edits, four public pages and eight full-page screenshots: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'admin_session', value: editorSession, url: server.url }]);
  const [hours, week, gone] = picked as [Spot, Spot, Spot];

  // Find the first by search and change its hours.
  await page.goto(`${server.url}/admin/spots`);
  await page.getByRole('searchbox', { name: 'Name' }).fill(hours.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: hours.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Status' })).toBeVisible();
  await waitForIslands(page);
  await page.getByLabel('Kind of hours').selectOption('weekly');
  await page.getByLabel('Opens').first().fill('16:00');
  await page.getByLabel('Closes').first().fill('02:00');
  await page.getByLabel('Checked today: everything on this page is right').check();
  await page.getByLabel('Line for the public change log (optional)').fill('New winter hours');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Spot saved' })).toBeVisible();
  await expect(page.getByText('Rosa Editor edited')).toBeVisible();

  // The second: temporarily closed until next week, with a note.
  await page.goto(`${server.url}/admin/spots/${week.id}`);
  await waitForIslands(page);
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('temporarily-closed');
  await page.getByLabel('Closed until (last closed day)').fill(cityDay(7));
  await page.getByLabel('Note for readers').fill('Closed while the patio is rebuilt');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Rosa Editor marked temporarily closed')).toBeVisible();

  // The third: closed for good.
  await page.goto(`${server.url}/admin/spots/${gone.id}`);
  await waitForIslands(page);
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('permanently-closed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Rosa Editor marked permanently closed')).toBeVisible();

  // The public pages, on the next read.
  await page.goto(`${server.url}/spots/${hours.slug}`);
  await expect(page.getByText('New winter hours')).toBeVisible();
  await expect(page.locator('[data-spot-checked]')).toHaveText(/^\s*Checked by our editors on [A-Z][a-z]+ \d{1,2}, \d{4}\s*$/);
  await expect(page.getByRole('row', { name: 'Monday 4 PM – 2 AM', exact: true })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld.mainEntity.openingHoursSpecification[0]).toMatchObject({ opens: '16:00', closes: '02:00' });

  await page.goto(`${server.url}/spots/${week.slug}`);
  await expect(page.getByText(`Temporarily closed until ${dayLabel(cityDay(7))}`)).toBeVisible();
  await expect(page.getByText('Closed while the patio is rebuilt')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.goto(`${server.url}/spots/${gone.slug}`);
  await expect(page.getByText('Permanently closed', { exact: true })).toBeVisible();

  const markers = (await (await page.request.get(`${server.url}/api/spots/map`)).json()).markers.map((m: { id: number }) => m.id);
  expect(markers).toContain(hours.id);
  expect(markers).not.toContain(week.id);
  expect(markers).not.toContain(gone.id);
  await page.goto(`${server.url}/`);
  await expect(page.getByText(hours.name).first()).toBeVisible();
  await expect(page.getByText(week.name)).toHaveCount(0);
  await expect(page.getByText(gone.name)).toHaveCount(0);

  // The desk lists what is closed, and History names who did it.
  await page.goto(`${server.url}/admin/spots?status=temporarily-closed`);
  await expect(page.locator('[data-spot-desk] li')).toHaveCount(1);
  await expect(page.getByText(`Temporarily closed until ${dayLabel(cityDay(7))}`)).toBeVisible();
  await page.goto(`${server.url}/admin/history`);
  await expect(page.getByText('marked permanently closed').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);

  await screenshotBothWidths(page, `${server.url}/admin/spots`, 'admin-spots');
  await screenshotBothWidths(page, `${server.url}/admin/spots/${hours.id}`, 'admin-spot-editor');
  await screenshotBothWidths(page, `${server.url}/spots/${week.slug}`, 'spot-temporarily-closed');
  await screenshotBothWidths(page, `${server.url}/spots/${hours.slug}`, 'spot-change-log');
});
