import type { BrowserContext } from '@playwright/test';
import { staffWithSession } from '../support/staff-session';
import { expect, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

async function signInAs(context: BrowserContext, role: 'editor' | 'contributor', name: string) {
  const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`, role });
  await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);
}

test('an Editor writes a Story in the studio, saves it, publishes it and it is on /blog; unpublishing makes its page 404', async ({ page, context }) => {
  // Six full-page screenshots of pages carrying the editor: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAs(context, 'editor', 'Sol Editor');
  const slug = `desert-botanical-mornings-${Date.now()}`;
  await page.goto('/admin/stories/new');
  await waitForIslands(page);
  await page.getByLabel('Title', { exact: true }).fill('Desert Botanical Mornings');
  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByLabel('Excerpt').fill('Cool paths, quiet benches and the best hour for the cactus garden.');
  // Typed as text: markup typed into the editor is words, not tags (the editor's own spec covers formatting).
  await page.getByLabel('Story', { exact: true }).fill('The gates open at seven. <script>alert(1)</script>');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/admin\/stories\/\d+$/);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Draft' })).toBeVisible();
  const editUrl = page.url();

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Published' })).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('link', { name: /Desert Botanical Mornings/ }).first()).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByText('The gates open at seven. <script>alert(1)</script>')).toBeVisible();
  expect(await page.content()).not.toContain('<script>alert(1)');

  await page.goto(editUrl);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const previewUrl = await page.getByRole('link', { name: 'Open the preview' }).getAttribute('href');
  await screenshotBothWidths(page, new URL(previewUrl!).pathname + new URL(previewUrl!).search, 'story-preview');
  await screenshotBothWidths(page, '/admin/stories', 'admin-stories');
  await screenshotBothWidths(page, editUrl, 'admin-story-edit');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(editUrl);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Taken down' })).toBeVisible();
  const gone = await page.goto(`/blog/${slug}`);
  expect(gone!.status()).toBe(404);
});

test('a Contributor writes and submits a draft but is offered no Publish', async ({ page, context }) => {
  await signInAs(context, 'contributor', 'Cy Contributor');
  await screenshotBothWidths(page, '/admin/stories/new', 'admin-story-new');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/admin/stories/new');
  await waitForIslands(page);
  await page.getByLabel('Title', { exact: true }).fill('Night Swim Notes');
  await page.getByLabel('Address (slug)').fill(`night-swim-notes-${Date.now()}`);
  await page.getByLabel('Story', { exact: true }).fill('Pools that stay open late.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/admin\/stories\/\d+$/);
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'In review' })).toBeVisible();
  await expect(page.getByText('An Editor publishes, schedules and takes down Stories.')).toBeVisible();
});
