import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support';

/** The picture box and its fallback card's size: the same before and after a failure, so nothing shifts. */
async function mediaBox(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return { width: Math.round(box!.width), height: Math.round(box!.height) };
}

/** Each spot category's colour and sign on its fallback card. */
const LOOKS = {
  Food: ['terracotta', 'food'],
  Drinks: ['dusk', 'drinks'],
  Hike: ['saguaro', 'hike'],
  'Hidden Gem': ['sand', 'gem'],
  Event: ['terracotta', 'event'],
} as const;

test.describe('pictures', () => {
  test('a picture that fails to load shows the designed card (name, category, colour) in the same box', async ({ page, consoleErrors }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/spots');
    const first = page.locator('.spot-card').first();
    await expect(first.locator('.picture__image')).toBeVisible();
    const before = await mediaBox(page, '.spot-card .spot-card__media');
    const name = (await first.locator('.spot-card__name').textContent())!.trim();

    // Every spot picture now 404s, including the ones already on the page (a fresh load).
    await page.route('**/images/spots/*.svg', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.reload();
    const fallback = first.locator('.picture__fallback');
    await expect(fallback).toBeVisible();
    await expect(first.locator('.picture')).toHaveClass(/picture--failed/);
    await expect(first.locator('.picture__image')).toBeHidden();
    await expect(fallback.locator('.art-fallback__title')).toHaveText(name);
    const category = (await first.locator('.spot-badge--category').textContent())!.trim() as keyof typeof LOOKS;
    await expect(fallback.locator('.art-fallback__label')).toHaveText(category);
    const [tone, icon] = LOOKS[category];
    await expect(fallback).toHaveClass(new RegExp(`art-fallback--${tone}`));
    await expect(fallback.locator('.art-fallback__icon')).toHaveAttribute('data-icon', icon);
    expect(await mediaBox(page, '.spot-card .spot-card__media')).toEqual(before);
    expect(await mediaBox(page, '.spot-card .picture__fallback')).toEqual(before);
    // The card just below the sticky filters, as a reader sees it.
    await first.evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 270));
    await page.screenshot({ path: 'test-results/screenshots/spot-card-picture-failed-390.png' });

    // A card further down fails while the reader scrolls to it: the same card takes its place.
    const lower = page.locator('.spot-card').nth(8);
    await lower.scrollIntoViewIfNeeded();
    await expect(lower.locator('.picture__fallback')).toBeVisible();
    await expect(lower.locator('.picture__fallback .art-fallback__title')).toHaveText((await lower.locator('.spot-card__name').textContent())!.trim());

    // Pictures that load keep their card hidden: a Story's cover on /blog.
    await page.goto('/blog');
    const story = page.locator('.story-card').first();
    await expect(story.locator('.picture__image')).toBeVisible();
    await expect(story.locator('.picture__fallback')).toBeHidden();
    expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
  });

  test("the home page's Weekly Gems: a spot picture that fails gives way to its designed card in the same box", async ({ page, consoleErrors }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/');
    const gems = page.locator('.gems__column').filter({ has: page.getByRole('heading', { name: 'Spots we love right now' }) });
    const thumbs = gems.locator('.gem__picture');
    const count = await thumbs.count();
    expect(count).toBeGreaterThan(0);
    await thumbs.first().scrollIntoViewIfNeeded();
    await expect(thumbs.first().locator('.picture__image')).toBeVisible();
    await expect(thumbs.first().locator('.picture__fallback')).toBeHidden();
    const before = await mediaBox(page, '.gem__picture');
    expect(before).toEqual({ width: 96, height: 64 });
    const names = (await gems.locator('.gem__title').allTextContents()).map((name) => name.trim());
    const categories = (await gems.locator('.gem__meta').allTextContents()).map((name) => name.trim() as keyof typeof LOOKS);

    await page.route('**/images/spots/*.svg', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.reload();
    await thumbs.first().scrollIntoViewIfNeeded();
    for (let index = 0; index < count; index++) {
      const thumb = thumbs.nth(index);
      await thumb.scrollIntoViewIfNeeded();
      await expect(thumb.locator('.picture')).toHaveClass(/picture--failed/);
      await expect(thumb.locator('.picture__image')).toBeHidden();
      const fallback = thumb.locator('.picture__fallback');
      await expect(fallback).toBeVisible();
      // Small: only the category's colour and sign; the name is beside it (and said by the card to no one twice).
      await expect(fallback.locator('.art-fallback__title')).toHaveText(names[index]!);
      await expect(fallback.locator('.art-fallback__title')).toBeHidden();
      const [tone, icon] = LOOKS[categories[index]!];
      await expect(fallback).toHaveClass(new RegExp(`art-fallback--${tone}`));
      await expect(fallback.locator('.art-fallback__icon')).toHaveAttribute('data-icon', icon);
      expect(await thumb.evaluate((el) => [Math.round(el.getBoundingClientRect().width), Math.round(el.getBoundingClientRect().height)])).toEqual([96, 64]);
    }
    expect(await mediaBox(page, '.gem__picture .picture__fallback')).toEqual(before);
    await gems.locator('.gems__list').evaluate((row) => row.scrollTo(0, 0));
    await gems.screenshot({ path: 'test-results/screenshots/home-weekly-gems-picture-failed-390.png' });
    expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
  });

  test('a Story whose cover fails keeps its box and shows its title and category on the card and the page', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.route('**/images/stories/*.svg', (route) => route.abort('connectionfailed'));
    await page.goto('/blog');
    const story = page.locator('.story-card').first();
    const title = (await story.locator('.story-card__title').textContent())!.trim();
    await expect(story.locator('.picture__fallback')).toBeVisible();
    await expect(story.locator('.picture__fallback .art-fallback__title')).toHaveText(title);
    await expect(story.locator('.picture__fallback .art-fallback__icon')).toHaveAttribute('data-icon', 'story');
    const box = await mediaBox(page, '.story-card .story-card__media');
    expect(Math.abs(box.width / box.height - 1200 / 630)).toBeLessThan(0.02);
    await story.screenshot({ path: 'test-results/screenshots/story-card-picture-failed-390.png' });

    await story.locator('.story-card__link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('.story__hero .picture__fallback')).toBeVisible();
    const hero = await mediaBox(page, '.story__hero .picture');
    expect(Math.abs(hero.width / hero.height - 1200 / 630)).toBeLessThan(0.02);
  });
});
