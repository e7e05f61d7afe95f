import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { weekOf } from '../../src/lib/city-time';
import { weekRange } from '../../src/lib/calendar-week';
import { startTestServer, type TestServer } from '../support/server';
import { expect, loadLazyContent, test, VIEWPORTS, waitForIslands } from './support';

/**
 * Page heights at 390 px before the pages were made lighter; a phone page is now at most half.
 * /events was measured on a Friday evening; it now holds to half that on a Sunday morning too, when no day has folded.
 */
const HEIGHT_BEFORE = { '/': 13_034, '/spots': 18_139, '/events': 4_950, '/top-spots': 3_732 } as const;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

const bodyHeight = (page: Page) => page.evaluate(() => document.body.scrollHeight);
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

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

test.describe('lighter lists on a phone', () => {
  test.use({ viewport: VIEWPORTS.mobile });
  // Their own server on the seeded data alone: other specs add events and spots to the shared one.
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startTestServer();
  });
  test.afterAll(async () => server?.stop());

  test('/events on a Sunday morning is an agenda of card heads, each opening in place, in half the height, every event still in the page', async ({
    page,
    consoleErrors,
  }) => {
    // Sunday 09:00 of the current week, city time (UTC-7 all year): every seeded event is still to come.
    const sunday = new Date(weekRange(weekOf(new Date())).start.getTime() + 9 * 60 * 60 * 1000);
    await page.clock.setFixedTime(sunday);
    await page.goto(`${server.url}/events`);
    await page.locator('astro-island:not([ssr]) .events-calendar').waitFor();
    await loadLazyContent(page);
    const cards = page.locator('.event-card');
    const total = await cards.count();
    expect(total).toBe(9);
    await expect(page.locator('.events-count')).toHaveText('9 events this week');
    await expect(page.locator('.events-ended')).toHaveCount(0);
    expect(await pageHeight(page)).toBeLessThanOrEqual(HEIGHT_BEFORE['/events'] / 2);

    // Each card shows its head (date, title, time, venue); the rest is in the page, one tap away.
    const card = cards.filter({ has: page.getByRole('link', { name: /^Learn More about /, includeHidden: true }) }).first();
    const head = card.locator('.event-card__summary');
    await atLeast44(head);
    await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(card.locator('.event-card__when')).toBeVisible();
    await expect(card.locator('.event-card__location')).toBeVisible();
    const description = card.locator('.event-card__description');
    const addToCalendar = card.locator('.add-cal > summary');
    const learnMore = card.getByRole('link', { name: /^Learn More about /, includeHidden: true });
    for (const hidden of [description, addToCalendar, learnMore]) {
      await expect(hidden).toHaveCount(1);
      await expect(hidden).toBeHidden();
    }
    await page.screenshot({ path: 'test-results/screenshots/lighter-events-390.png', fullPage: true, mask: [page.locator('.week-bar__label')] });

    await head.click();
    await expect(card.locator('.event-card__fold')).toHaveAttribute('open', '');
    await expect(description).toBeVisible();
    // Opened, the description shows whole, not two lines.
    expect(await description.evaluate((el) => el.scrollHeight - el.clientHeight)).toBe(0);
    for (const action of [addToCalendar, learnMore]) {
      await expect(action).toBeVisible();
      await atLeast44(action);
    }
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/lighter-events-open-390.png' });

    // By keyboard: Tab from the open card's last action reaches the next card's head, ringed; Enter opens it.
    const next = card.locator('xpath=following-sibling::article[1]');
    await learnMore.focus();
    await page.keyboard.press('Tab');
    await expect(next.locator('.event-card__summary')).toBeFocused();
    expect(await next.locator('.event-card__summary').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(next.locator('.event-card__fold')).toHaveAttribute('open', '');
    await expect(next.locator('.event-card__description')).toBeVisible();

    // On a Friday evening the days already over fold under one line, still counted and in the page.
    const friday = new Date(weekRange(weekOf(new Date())).start.getTime() + (5 * 24 + 19) * 60 * 60 * 1000);
    await page.clock.setFixedTime(friday);
    await page.reload();
    await page.locator('astro-island:not([ssr]) .events-calendar').waitFor();
    const ended = page.locator('.events-ended');
    await expect(ended.locator('> summary')).toBeVisible();
    await loadLazyContent(page);
    expect(await pageHeight(page)).toBeLessThanOrEqual(HEIGHT_BEFORE['/events'] / 2);
    const over = await ended.locator('.event-card').count();
    expect(over).toBeGreaterThan(0);
    expect(over).toBeLessThan(total);
    await expect(page.locator('.event-card--past')).toHaveCount(over);
    await expect(ended.locator('> summary')).toHaveText(`Earlier this week (${over} ended)`);
    await atLeast44(ended.locator('> summary'));
    await expect(ended.locator('.event-card').first()).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('/top-spots is one compact row per place, in half the height: rank, picture, name, category and tags, score and total', async ({ page, request }) => {
    await page.goto(`${server.url}/top-spots`);
    await loadLazyContent(page);
    expect(await pageHeight(page)).toBeLessThanOrEqual(HEIGHT_BEFORE['/top-spots'] / 2);

    const top = (await (await request.get(`${server.url}/api/spots/top?limit=20`)).json()) as { name: string; slug: string }[];
    const rows = page.locator('.leaderboard__row');
    await expect(rows).toHaveCount(20);
    for (const [index, spot] of top.entries()) {
      const row = rows.nth(index);
      await expect(row.locator('.leaderboard__rank > [aria-hidden="true"]')).toHaveText(String(index + 1));
      await expect(row.locator('.leaderboard__picture .picture__image')).toBeVisible();
      await expect(row.getByRole('link', { name: spot.name, exact: true })).toHaveAttribute('href', `/spots/${spot.slug}`);
      await expect(row.locator('.leaderboard__tags .badge').first()).toBeVisible();
      await expect(row.locator('[data-score]')).toHaveText(/^\d+\.\d$/);
      await expect(row.locator('.leaderboard__score-label')).toHaveText(/^\d+ total$/);
      // The whole row is the link: a thumb's target at least 44 px tall.
      await atLeast44(row);
    }
    // How the score is made stays one tap away.
    const how = page.locator('.leaderboard-how');
    await expect(how.locator('summary')).toHaveText('How spots are ranked');
    await how.locator('summary').click();
    await expect(how.getByText(/Ranked by the community: every view counts, each love adds 3/)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/screenshots/lighter-top-spots-390.png', fullPage: true });
  });
});

test.describe("a card's More menu on a phone", () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test("a /spots card's More opens downward below the sticky filter bar, and upward only when the screen ends below", async ({ page, consoleErrors }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    const bar = page.locator('.filters').first();
    const card = page.locator('.spot-card').first();
    const more = card.locator('summary');
    const menu = card.locator('.spot-card__more-menu');

    // The first card just under the stuck filter bar, as a reader scrolling the list sees it.
    await card.evaluate((el) => {
      const filters = document.querySelector('.filters')!;
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - (filters.getBoundingClientRect().height + 68));
    });
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y)).toBeLessThanOrEqual(70);
    await more.click();
    await expect(menu).toBeVisible();
    const barBottom = await bar.evaluate((el) => el.getBoundingClientRect().bottom);
    const toggle = (await more.boundingBox())!;
    // The menu is placed again as it settles (its own size is watched): wait for where it rests.
    await expect.poll(async () => (await menu.boundingBox())!.y).toBeGreaterThanOrEqual(toggle.y + toggle.height);
    const below = (await menu.boundingBox())!;
    expect(below.y).toBeGreaterThanOrEqual(barBottom);
    expect(below.y + below.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    // Nothing covers it: the top of the menu is its own (not the bar's, not the next card's).
    const onTop = await menu.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [box.top + 4, box.bottom - 4].every((y) => el.contains(document.elementFromPoint(box.left + box.width / 2, y)));
    });
    expect(onTop).toBe(true);
    await shot(page, 'lighter-spots-card-more-open-390');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    // Near the bottom of the screen there is no room below: it opens upward, still below the bar.
    await card.evaluate((el) => {
      const summary = el.querySelector('summary')!;
      window.scrollTo(0, summary.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 8);
    });
    await more.click();
    await expect(menu).toBeVisible();
    const raised = (await menu.boundingBox())!;
    const raisedToggle = (await more.boundingBox())!;
    expect(raised.y + raised.height).toBeLessThanOrEqual(raisedToggle.y);
    expect(raised.y).toBeGreaterThanOrEqual(await bar.evaluate((el) => el.getBoundingClientRect().bottom));
    await page.keyboard.press('Escape');

    // On a desktop too it opens downward, out of its card, over the card below.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await card.scrollIntoViewIfNeeded();
    await card.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - 600));
    await more.click();
    const wide = (await menu.boundingBox())!;
    expect(wide.y).toBeGreaterThanOrEqual((await more.boundingBox())!.y + 44);
    expect(wide.y + wide.height).toBeGreaterThan((await card.boundingBox())!.y + (await card.boundingBox())!.height);
    await shot(page, 'lighter-spots-card-more-open-1280');
    expect(consoleErrors).toEqual([]);
  });
});

test("without JavaScript a /spots card's More still opens, downward, with its actions", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
  const page = await context.newPage();
  await page.goto('/spots');
  const card = page
    .locator('.spot-card')
    .filter({ has: page.locator('a', { hasText: 'Visit Website' }) })
    .first();
  const more = card.locator('summary');
  await more.scrollIntoViewIfNeeded();
  await more.click();
  const menu = card.locator('.spot-card__more-menu');
  await expect(card.getByRole('link', { name: 'Visit Website' })).toBeVisible();
  expect((await menu.boundingBox())!.y).toBeGreaterThanOrEqual((await more.boundingBox())!.y + 44);
  await context.close();
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
