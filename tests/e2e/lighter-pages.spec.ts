import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, test, VIEWPORTS, waitForIslands } from './support';

/** Page heights at 390 px before the pages were made lighter; a phone page is now at most half. */
const HEIGHT_BEFORE = { '/': 13_034, '/spots': 18_139 } as const;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

const bodyHeight = (page: Page) => page.evaluate(() => document.body.scrollHeight);

async function atLeast44(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

test.describe('lighter pages on a phone', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('a /spots card keeps Love, Been here and Details in sight and folds View Map, Visit Website and Add to trip under More', async ({ page, consoleErrors }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    expect(await bodyHeight(page)).toBeLessThanOrEqual(HEIGHT_BEFORE['/spots'] / 2);

    const card = page
      .locator('.spot-card')
      .filter({ has: page.locator('a', { hasText: 'Visit Website' }) })
      .first();
    const name = (await card.locator('.spot-card__name').textContent())!.trim();
    for (const control of [card.getByRole('button', { name: /Love/ }), card.getByRole('button', { name: /Been here/ }), card.getByRole('button', { name: 'Details' })]) {
      await expect(control).toBeVisible();
      await atLeast44(control);
    }
    const more = card.locator('summary');
    await expect(more).toHaveText(`More for ${name}`);
    await atLeast44(more);
    await expect(card.getByRole('link', { name: 'View Map' })).toBeHidden();

    // By keyboard: More opens the group, Tab walks into it, Escape folds it and returns to More.
    await more.focus();
    await page.keyboard.press('Enter');
    const viewMap = card.getByRole('link', { name: 'View Map' });
    const website = card.getByRole('link', { name: 'Visit Website' });
    const addToTrip = card.getByRole('button', { name: `Add ${name} to a trip` });
    for (const action of [viewMap, website, addToTrip]) {
      await expect(action).toBeVisible();
      await atLeast44(action);
    }
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'lighter-spots-card-more-390');
    await page.keyboard.press('Tab');
    await expect(viewMap).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(viewMap).toBeHidden();
    await expect(more).toBeFocused();

    // Add to trip from the card: a reader with no trip yet is told how to start one.
    await more.click();
    await addToTrip.click();
    const none = card.getByRole('group', { name: 'No trips yet' });
    await expect(none).toContainText('You have no trip yet. Save the spots you want, then plan your days.');
    await expect(none.getByRole('link', { name: 'Plan a new trip' })).toHaveAttribute('href', '/trips');
    await shot(page, 'lighter-spots-card-add-to-trip-390');
    expect(consoleErrors).toEqual([]);
  });

  test('the home page shows each section as a sideways row with its See all link, every item still there, in half the height', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    expect(await bodyHeight(page)).toBeLessThanOrEqual(HEIGHT_BEFORE['/'] / 2);

    const sections: { heading: string; list: string; seeAll: string; href: string; items?: number }[] = [
      { heading: 'Featured This Week', list: '.grid--2', seeAll: 'View All Stories', href: '/blog' },
      { heading: 'Featured Spots', list: '.spot-grid', seeAll: 'See All Spots', href: '/spots' },
      { heading: 'Top Restaurants', list: '.place-highlights', seeAll: 'All Restaurants', href: '/spots?tab=restaurants', items: 6 },
      { heading: 'Top Things to Do', list: '.place-highlights', seeAll: 'All Activities', href: '/spots?tab=activities', items: 6 },
      { heading: 'Top 5 Spots', list: '.leaderboard', seeAll: 'Full Leaderboard', href: '/top-spots', items: 5 },
    ];
    for (const { heading, list, seeAll, href, items } of sections) {
      const section = page
        .locator('section, .places-columns > div')
        .filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) })
        .last();
      await expect(section.getByRole('link', { name: seeAll })).toHaveAttribute('href', href);
      const row = section.locator(list).first();
      await row.scrollIntoViewIfNeeded();
      const shape = await row.evaluate((el) => {
        const tops = [...el.children].map((child) => Math.round(child.getBoundingClientRect().top));
        return { count: el.children.length, oneRow: new Set(tops).size === 1, scrolls: el.scrollWidth > el.clientWidth };
      });
      expect(shape.oneRow, `${heading} is one row`).toBe(true);
      expect(shape.scrolls, `${heading} scrolls sideways`).toBe(true);
      if (items) expect(shape.count, `${heading} keeps every item`).toBe(items);
    }
    const gems = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Weekly Gems' }) });
    await expect(gems.getByRole('link', { name: 'See the full calendar →' })).toHaveAttribute('href', '/events');
    await expect(gems.getByRole('link', { name: 'Browse all spots →' })).toHaveAttribute('href', '/spots');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/screenshots/lighter-home-390.png', fullPage: true });
  });
});

test('on a 1280 px screen the map sits beside the /spots list and stays in view as the list scrolls', async ({ page, consoleErrors }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/spots');
  await waitForIslands(page);
  const map = page.locator('.spot-browser__aside .leaflet-container');
  await expect(map).toBeVisible();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');

  const cards = page.locator('.spot-card');
  const beside = async () => {
    const mapBox = (await map.boundingBox())!;
    const cardBox = (await cards.nth(1).boundingBox())!;
    return { mapBox, cardBox };
  };
  const { mapBox, cardBox } = await beside();
  expect(mapBox.x).toBeGreaterThanOrEqual(cardBox.x + cardBox.width);
  expect(mapBox.width).toBeGreaterThanOrEqual(400);

  // Sticky: far down the list the map is still on screen, beside later cards.
  await cards.nth(12).scrollIntoViewIfNeeded();
  const later = (await map.boundingBox())!;
  expect(later.y).toBeGreaterThanOrEqual(0);
  expect(later.y + later.height).toBeLessThanOrEqual(VIEWPORTS.desktop.height);

  // A filter redraws the list in the browser; the map stays beside it, showing the same matches.
  await page.evaluate(() => window.scrollTo(0, 0));
  const hike = page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Hike' });
  await hike.click();
  // The filter bar wakes at this first touch; the tap is held until it has, then applied.
  await expect(hike).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.spot-browser__count')).toHaveText(/^\d+ spots?$/);
  const hikes = Number((await page.locator('.spot-browser__count').textContent())!.match(/\d+/)![0]);
  await expect(cards).toHaveCount(hikes);
  await expect(cards.first().locator('.spot-badge--category')).toHaveText('Hike');
  await expect(map).toBeVisible();
  // The map shows the matches that have a position (other tests add spots without one).
  const listed = (await (await page.request.get('/api/spots?category=hike')).json()) as { spots: { latitude: number | null }[] };
  expect(listed.spots).toHaveLength(hikes);
  const placed = listed.spots.filter((spot) => spot.latitude !== null).length;
  await expect(page.locator('.spot-browser__aside .place-map')).toHaveAttribute('aria-label', `Map of ${placed} ${placed === 1 ? 'spot' : 'spots'}`);
  expect(consoleErrors).toEqual([]);
  // The redrawn cards' pictures load lazily as they come into view: every one in sight arrives
  // (a failed one would keep naturalWidth 0), and the screenshot shows what a reader sees.
  await cards.nth(6).scrollIntoViewIfNeeded();
  const pictures = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('.spot-card img.picture__image')]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .map((img) => ({ src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0 })),
    );
  await expect.poll(async () => (await pictures()).filter((picture) => !picture.loaded)).toEqual([]);
  expect((await pictures()).length).toBeGreaterThanOrEqual(4);
  await shot(page, 'lighter-spots-map-beside-1280');
});
