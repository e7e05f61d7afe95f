import AxeBuilder from '@axe-core/playwright';
import { asc, eq } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { openDatabase, type Database } from '../../db/client';
import { spots, userSuggestions, type Spot } from '../../db/schema';
import { startFakeTileServer, type FakeTileServer } from '../fakes/tile-server';
import { staffWithSession } from '../support/staff-session';
import { startTestServer, type TestServer } from '../support/server';
import { VIEWPORTS, expect, loadLazyContent, test, waitForIslands } from './support';

const NEW_ADDRESS = '7137 E Rancho Vista Dr, Scottsdale';
let server: TestServer;
let tiles: FakeTileServer;
let db: Database;
let editorSession: string;
let spot: Spot;

test.beforeAll(async () => {
  tiles = await startFakeTileServer();
  server = await startTestServer({ env: { ADMIN_PASSWORD: 'corrections-e2e-password-agave', MAP_TILES_URL: tiles.template } });
  db = openDatabase({ url: server.databaseUrl });
  editorSession = (await staffWithSession(server.databaseUrl, { name: 'Rosa Editor', email: 'corrections-editor@example.com', role: 'editor' })).token;
  [spot] = (await db.select().from(spots).orderBy(asc(spots.id)).limit(1)) as [Spot];
  await db.update(spots).set({ name: 'Mesquite Corner Cafe', address: '100 N Old Address Rd' }).where(eq(spots.id, spot.id));
  spot = { ...spot, name: 'Mesquite Corner Cafe' };
});
test.afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await tiles?.stop();
});

/** Opens the spot page and its "Suggest an edit" form (the form is checked for the time spent on it, so this comes first). */
async function openCorrectionForm(page: import('@playwright/test').Page) {
  await page.goto(`${server.url}/spots/${spot.slug}`);
  const section = page.locator('[data-spot-corrections]');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: 'Report closed' })).toBeVisible();
  await section.getByRole('button', { name: 'Suggest an edit' }).click();
  return section;
}

test("a reader's Suggest an edit, accepted by an Editor in the Corrections inbox, changes the field on the public page with its change log line and History entry", async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  mkdirSync('test-results/screenshots', { recursive: true });

  // The reader suggests a new street address.
  const section = await openCorrectionForm(page);
  await section.getByLabel('What should change?').selectOption('address');
  await section.getByLabel('What should it say?').fill(NEW_ADDRESS);
  await section.getByLabel('Anything else we should know? (optional)').fill('They moved across the street in October.');
  await section.getByLabel('Your email (optional, so we can thank you)').fill('reader@example.com');
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `test-results/screenshots/spot-correction-form-${size.width}.png` });
    await page.screenshot({ path: `test-results/screenshots/spot-page-with-correction-form-${size.width}.png`, fullPage: true });
  }
  expect((await new AxeBuilder({ page }).include('[data-spot-corrections]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);
  // A person takes a moment over the form; quicker sends are refused as robots.
  await page.waitForTimeout(2_100);
  await section.getByRole('button', { name: 'Send correction' }).click();
  await expect(section.getByRole('status')).toHaveText('Thanks! An editor will check it soon.');
  await expect(section.locator('form')).toHaveCount(0);

  // The Editor reviews it in the inbox: the diff first, then accept.
  await context.addCookies([{ name: 'admin_session', value: editorSession, url: server.url }]);
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/admin/suggestions`);
    await expect(page.locator('[data-corrections-open] li')).toHaveCount(1);
    await loadLazyContent(page);
    await page.screenshot({ path: `test-results/screenshots/admin-corrections-inbox-${size.width}.png`, fullPage: true });
  }
  await waitForIslands(page);
  const item = page.locator('[data-corrections-open] li').filter({ hasText: spot.name });
  await expect(item.getByText('Suggested edit: Street address')).toBeVisible();
  await expect(item.getByText('The reader left an email: they are thanked when you accept.')).toBeVisible();
  await item.getByRole('button', { name: 'Review change' }).click();
  const diff = item.getByRole('table');
  await expect(diff.getByRole('row', { name: `Street address 100 N Old Address Rd ${NEW_ADDRESS}` })).toBeVisible();
  await item.getByLabel('Line for the public change log (optional)').fill('New address across the street');
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);
  await page.locator('[data-corrections-open] li').first().screenshot({ path: 'test-results/screenshots/admin-correction-diff-1280.png' });
  await item.getByRole('button', { name: 'Accept and apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Correction accepted' })).toBeVisible();
  await expect(page.getByText('No corrections from readers at the moment.')).toBeVisible();

  // The public page, on the next read; History names who did it.
  await page.goto(`${server.url}/spots/${spot.slug}`);
  await expect(page.getByText(NEW_ADDRESS)).toBeVisible();
  await expect(page.locator('[data-spot-change-log]')).toContainText('New address across the street');
  await page.goto(`${server.url}/admin/history`);
  await expect(page.getByText("street address corrected from a reader's note").first()).toBeVisible();
  await expect(page.getByText('correction accepted').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('Create spot from suggestion opens a pre-filled draft in the editor, whose position a click on the map sets', async ({ page, context, consoleErrors }) => {
  test.setTimeout(60_000);
  await db
    .insert(userSuggestions)
    .values({ spotName: 'Ocotillo Night Market', description: 'Food trucks and local makers every Friday night.', link: 'https://ocotillo-market.example.com' });
  await context.addCookies([{ name: 'admin_session', value: editorSession, url: server.url }]);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${server.url}/admin/suggestions`);
  await waitForIslands(page);
  const suggestion = page.locator('.suggestion').filter({ hasText: 'Ocotillo Night Market' });
  await suggestion.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Suggestion Approved' })).toBeVisible();
  await page.getByRole('list', { name: 'Approved suggestions' }).getByRole('button', { name: 'Create spot from suggestion' }).click();
  await expect(page).toHaveURL(/\/admin\/spots\/\d+$/);
  await expect(page.getByLabel('Spot Name')).toHaveValue('Ocotillo Night Market');
  await expect(page.getByLabel('Website')).toHaveValue('https://ocotillo-market.example.com');
  await expect(page.getByText('Rosa Editor added as a draft from a suggestion')).toBeVisible();

  await waitForIslands(page);
  await page.getByRole('button', { name: 'Place the pin on a map' }).click();
  const map = page.locator('[data-pin-map]');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  const latitude = page.getByLabel('Latitude');
  const longitude = page.getByLabel('Longitude');
  await expect(latitude).toHaveValue('');
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
  await expect(latitude).not.toHaveValue('');
  const [lat, lng] = [Number(await latitude.inputValue()), Number(await longitude.inputValue())];
  expect(Math.abs(lat - 33.4942)).toBeLessThan(0.1);
  expect(Math.abs(lng + 111.9261)).toBeLessThan(0.1);
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  const where = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Where' }) });
  await where.screenshot({ path: 'test-results/screenshots/admin-spot-pin-map-1280.png' });
  await page.setViewportSize(VIEWPORTS.mobile);
  await where.screenshot({ path: 'test-results/screenshots/admin-spot-pin-map-390.png' });
  await page.setViewportSize(VIEWPORTS.desktop);
  // Saved, the pin is the spot's position.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Spot saved' })).toBeVisible();
  const [saved] = await db.select().from(spots).where(eq(spots.name, 'Ocotillo Night Market'));
  expect([saved!.latitude, saved!.longitude, saved!.draft]).toEqual([lat, lng, 1]);
  expect(consoleErrors).toEqual([]);
});
