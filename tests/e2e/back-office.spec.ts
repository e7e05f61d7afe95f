import type { BrowserContext, Page } from '@playwright/test';
import { staffWithSession } from '../support/staff-session';
import { E2E_ADMIN_PASSWORD } from './global-setup';
import { expect, loadLazyContent, test, VIEWPORTS, waitForIslands } from './support';

async function signInAs(context: BrowserContext, role: 'owner' | 'editor', name: string) {
  const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`, role });
  await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);
  return token;
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

test('an Editor archives a spot from /admin/spots: it leaves /spots, its page is gone, History shows who did it; a restore brings it back', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const token = await signInAs(context, 'editor', 'Esme Editor');
  const name = `Ironwood Archive Wash ${Date.now()}`;
  const added = await page.request.post('/api/spots', {
    data: {
      name,
      category: 'hike',
      description: 'A sandy wash under ironwood trees.',
      imageUrl: 'https://example.com/wash.jpg',
      mapsUrl: 'https://maps.google.com/?q=wash',
    },
    headers: { origin: process.env.E2E_BASE_URL!, cookie: `admin_session=${token}` },
  });
  expect(added.status()).toBe(201);
  const spot = (await added.json()) as { id: number; slug: string };

  await page.goto('/spots?q=' + encodeURIComponent(name));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  await page.goto('/admin/spots?q=' + encodeURIComponent(name));
  await expect(page.getByRole('heading', { level: 1, name: 'Spots' })).toBeVisible();
  await expect(page.getByText('1 spot', { exact: true })).toBeVisible();
  const archive = page.getByRole('button', { name: `Archive ${name}` });
  // The list is below the Add New Spot form; its buttons wake when scrolled into view.
  await archive.scrollIntoViewIfNeeded();
  await expect(archive).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/spots/${spot.id}/archive`));
  await archive.click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Spot archived' })).toContainText(`${name} has left every list`);
  await expect(page.getByRole('button', { name: `Restore ${name}` })).toBeVisible();
  await expect(page.getByText(/^Archived /)).toBeVisible();

  await page.goto('/spots?q=' + encodeURIComponent(name));
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
  const gone = await page.goto(`/spots/${spot.slug}`);
  expect(gone!.status()).toBe(410);
  await expect(page.getByText('This spot has closed or been removed from the guide.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Spots' })).toBeVisible();

  await page.goto('/admin/history?kind=spot');
  const entry = page.locator('.history-entry').filter({ hasText: `archived spot ${name}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Esme Editor archived spot');
  await expect(entry.getByRole('link', { name })).toHaveAttribute('href', '/admin/spots?show=archived');

  await page.goto('/admin/spots?show=archived&q=' + encodeURIComponent(name));
  await page
    .locator('section', { has: page.getByRole('heading', { name: 'All spots' }) })
    .screenshot({ path: 'test-results/screenshots/back-office-spot-list-1280.png' });
  const restore = page.getByRole('button', { name: `Restore ${name}` });
  await restore.scrollIntoViewIfNeeded();
  await expect(restore).toBeEnabled();
  await restore.click();
  await expect(page.getByRole('status').filter({ hasText: 'Spot restored' })).toBeVisible();
  await page.goto('/spots?q=' + encodeURIComponent(name));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.goto('/admin/history?kind=spot');
  await expect(page.locator('.history-entry').first()).toContainText(`Esme Editor restored spot ${name}`);
  // An Editor is not offered Staff; the page itself is refused.
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
});

test('the Dashboard after sign-in shows the three areas and the sections; the shell works at 390 px and by keyboard', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/admin');
  await waitForIslands(page);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Authentication successful' })).toContainText('Welcome to the admin panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const area of ['Add New Spot', 'User Suggestions', 'Browse AI Event Automation']) await expect(page.getByRole('heading', { name: area })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Today' })).toContainText('spots in the guide');
  await noHorizontalScroll(page);

  // Keyboard: the site's skip link, then the shell's, which goes past the navigation to the page's own content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to Dashboard' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#admin-content')).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const label of ['Dashboard', 'Stories', 'Spots', 'Events', 'Places', 'Suggestions', 'Members', 'Newsletter', 'Staff', 'History']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'History', exact: true }).focus();
  const outline = await nav.getByRole('link', { name: 'History', exact: true }).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/history$/);
  await expect(nav.getByRole('link', { name: 'History', exact: true })).toHaveAttribute('aria-current', 'page');
  await noHorizontalScroll(page);
});

test('the gate at 390 px and 1280 px', async ({ page }) => {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    await waitForIslands(page);
    await noHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/back-office-gate-${size.width}.png`, fullPage: true });
    await page.screenshot({ path: `test-results/screenshots/back-office-gate-${size.width}-top.png` });
  }
});

const PAGES: [string, string][] = [
  ['/admin', 'dashboard'],
  ['/admin/spots', 'spots'],
  ['/admin/suggestions', 'suggestions'],
  ['/admin/events', 'events'],
  ['/admin/newsletter', 'newsletter'],
  ['/admin/history', 'history'],
  ['/admin/stories', 'stories'],
  ['/admin/places', 'places'],
  ['/admin/members', 'members'],
];
for (const [path, name] of PAGES) {
  test(`${path} signed in as the Owner, at 390 px and 1280 px: screenshots and no horizontal scroll (axe: accessibility.spec.ts)`, async ({ page, context }) => {
    await signInAs(context, 'owner', 'Olive Owner');
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.goto(path);
      await loadLazyContent(page);
      await noHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/back-office-${name}-${size.width}.png`, fullPage: true });
      await page.screenshot({ path: `test-results/screenshots/back-office-${name}-${size.width}-top.png` });
    }
  });
}
