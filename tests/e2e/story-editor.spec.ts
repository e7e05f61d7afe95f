import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { and, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { testPhoto } from '../support/images';
import { staffWithSession } from '../support/staff-session';
import { expect, loadLazyContent, test, VIEWPORTS, waitForIslands } from './support';

const clipboard = (name: string) => readFileSync(new URL(`../fixtures/clipboard/${name}.html`, import.meta.url), 'utf8');

async function signInAs(context: BrowserContext, name: string) {
  const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`,
    role: 'editor',
  });
  await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);
  return token;
}

/** Two spots in the guide, found by name in the editor's spot search. */
async function twoOpenSpots() {
  const db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
  try {
    return await db
      .select({ name: spots.name, slug: spots.slug })
      .from(spots)
      .where(and(isNull(spots.archivedAt), eq(spots.draft, 0), eq(spots.status, 'open')))
      .orderBy(spots.name)
      .limit(2);
  } finally {
    db.$client.close();
  }
}

/** Pastes HTML into the editor as the browser would from the clipboard. */
async function paste(page: Page, html: string) {
  await page.locator('#story-body').evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/html', data);
    transfer.setData('text/plain', data.replace(/<[^>]*>/g, ''));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
}

test('an Editor writes a Story with a heading, a list, a link, a photo and two spot cards, previews it side by side, publishes it; pasted hostile HTML leaves no script', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAs(context, 'Rita Editor');
  const [first, second] = await twoOpenSpots();
  const slug = `old-town-morning-${Date.now()}`;
  await page.goto('/admin/stories/new');
  await waitForIslands(page);
  await page.getByLabel('Title', { exact: true }).fill('An Old Town Morning');
  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByLabel('Excerpt').fill('Coffee, galleries and two places we send everyone.');

  const body = page.locator('#story-body');
  await body.click();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Go early');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Book at the garden');
  for (let i = 0; i < 'the garden'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  // The toolbar works from the keyboard: its forms take focus, Escape goes back to the text.
  await page.getByRole('button', { name: 'Spot card' }).click();
  await expect(page.getByLabel('Find a spot')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(body).toBeFocused();
  await expect(page.getByLabel('Find a spot')).toHaveCount(0);
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByLabel('Link address')).toBeFocused();
  await page.getByLabel('Link address').fill('https://dbg.org/');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await expect(body).toBeFocused();
  await expect(body.getByRole('link', { name: 'the garden' })).toHaveAttribute('href', 'https://dbg.org/');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  // The toolbar hands the focus back to the text before the first letter is typed.
  await expect(body).toBeFocused();
  await expect(page.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Water');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A hat');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await page.getByLabel('Photo').setInputFiles({ name: 'canal.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(1600, 1000, 'jpeg') });
  await page.getByRole('button', { name: 'Insert image' }).click();
  await expect(page.getByText('Describe the picture in the alt text')).toBeVisible();
  await page.getByLabel('Alt text (required)').fill('The Arizona Canal at sunrise');
  await page.getByLabel('Caption (optional)').fill('Along the canal at seven');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await expect(body.locator('img[alt="The Arizona Canal at sunrise"]')).toBeVisible();

  for (const spot of [first!, second!]) {
    await page.getByRole('button', { name: 'Spot card' }).click();
    await page.getByLabel('Find a spot').fill(spot.name);
    await page.getByRole('button', { name: new RegExp(`^Insert ${spot.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    await expect(body.getByText(`Spot card: ${spot.name}`)).toBeVisible();
  }

  // Pasted from Google Docs: structure kept, styling dropped. Pasted hostile HTML: nothing runs.
  await body.press('ControlOrMeta+End');
  await paste(page, clipboard('google-docs'));
  await expect(body.getByRole('heading', { name: 'Where to eat before the ballgame' })).toBeVisible();
  // Docs' whole-document <b style="font-weight:normal"> is not bold; its styled span is.
  await expect(body.locator('h2 strong')).toHaveCount(0);
  await expect(body.locator('p strong')).toHaveText(['book a table']);
  await expect(body.locator('p em')).toHaveText([' the week before']);
  // The paste ended in a list: two Enters leave it, so the next paste starts a paragraph of its own.
  await body.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await paste(page, clipboard('word'));
  await expect(body.getByRole('listitem').filter({ hasText: 'Water and a hat' })).toBeVisible();
  await expect(body.getByText('·')).toHaveCount(0);
  await expect(body.getByRole('heading', { level: 2, name: 'A morning at the Desert Botanical Garden' })).toBeVisible();
  // Docs' <br> between blocks is spacing, not an empty line of the Story.
  await expect(body.locator('p:has-text("lists game times.") + ul')).toHaveCount(1);
  await paste(page, clipboard('hostile'));
  await expect(body.getByText('Kept words')).toBeVisible();
  expect(await body.innerHTML()).not.toMatch(/<script|onerror|onclick|javascript:|style=|src="x"/);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/admin\/stories\/\d+$/);
  await waitForIslands(page);
  const editUrl = page.url();
  await expect(page.locator('#story-body').getByText(`Spot card: ${first!.name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const phone = page.frameLocator('iframe[title="Preview on a phone (390 px wide)"]');
  const desktop = page.frameLocator('iframe[title="Preview on a desktop (1280 px wide)"]');
  await expect(phone.getByRole('heading', { level: 2, name: 'Go early' })).toBeVisible();
  await expect(desktop.getByRole('heading', { level: 2, name: 'Go early' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'As its card on /blog and the home page' })).toBeAttached();
  await page.locator('.story-actions').screenshot({ path: 'test-results/screenshots/story-editor-preview-1280.png' });
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(editUrl);
  await waitForIslands(page);
  await page.screenshot({ path: 'test-results/screenshots/story-editor-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.frameLocator('iframe[title="Preview on a phone (390 px wide)"]').getByRole('heading', { level: 2, name: 'Go early' })).toBeVisible();
  await page.locator('.story-actions').screenshot({ path: 'test-results/screenshots/story-editor-preview-390.png' });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(editUrl);
  await waitForIslands(page);
  await page.screenshot({ path: 'test-results/screenshots/story-editor-1280.png', fullPage: true });

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Published' })).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Go early' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'the garden' })).toHaveAttribute('href', 'https://dbg.org/');
  await expect(page.getByRole('listitem').filter({ hasText: /^Water$/ })).toBeVisible();
  await expect(page.locator('figure img[alt="The Arizona Canal at sunrise"]')).toBeVisible();
  await expect(page.getByText('Along the canal at seven')).toBeVisible();
  for (const spot of [first!, second!]) await expect(page.locator(`a.story-spot[href="/spots/${spot.slug}"]`)).toContainText(spot.name);
  await expect(page.getByRole('heading', { name: 'Where to eat before the ballgame' })).toBeVisible();
  await expect(page.getByText('Kept words')).toBeVisible();
  const html = await page.content();
  expect(html).not.toMatch(/alert\(|onerror=|onclick=|javascript:|steal\(/);
  await page.setViewportSize(VIEWPORTS.mobile);
  await loadLazyContent(page);
  await page.screenshot({ path: 'test-results/screenshots/story-editor-public-390.png', fullPage: true });
  // Taken down again: the browser suites share one site, whose Story list the /blog spec counts.
  await page.goto(editUrl);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Taken down' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('someone else saving the open Story is announced before this page overwrites it', async ({ page, context, playwright }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAs(context, 'Ana Editor');
  await page.goto('/admin/stories/new');
  await waitForIslands(page);
  await page.getByLabel('Title', { exact: true }).fill('Two People, One Story');
  await page.getByLabel('Address (slug)').fill(`two-people-${Date.now()}`);
  await page.locator('#story-body').click();
  await page.keyboard.type('First words.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/admin\/stories\/(\d+)$/);
  await waitForIslands(page);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const otherToken = (await staffWithSession(process.env.E2E_DATABASE_URL!, { name: 'Ben Editor', email: `ben.${Date.now()}@example.com`, role: 'editor' })).token;
  const other = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { cookie: `admin_session=${otherToken}`, origin: process.env.E2E_BASE_URL! },
  });
  const saved = await other.patch(`/api/admin/stories/${id}`, {
    data: { version: 1, doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ben was here.' }] }] } },
  });
  expect(saved.status()).toBe(200);
  await other.dispose();

  await expect(page.getByRole('alert').filter({ hasText: 'Ben Editor saved this Story at' })).toBeVisible({ timeout: 15_000 });
  await page.locator('#story-body').click();
  await page.keyboard.type(' More.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('p.story-editor__conflict').filter({ hasText: 'Someone else saved this Story after you opened it' })).toBeVisible();
});
