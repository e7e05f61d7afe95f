import type { APIRequestContext, Page } from '@playwright/test';
import type { Place } from '../../src/features/places/api/get-places';
import { expect, screenshotBothWidths, test } from './support';

const RESTAURANTS = '/spots?tab=restaurants';
const ACTIVITIES = '/spots?tab=activities';

async function placesFrom(request: APIRequestContext, endpoint = '/api/top-restaurants'): Promise<Place[]> {
  const response = await request.get(endpoint);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Place[];
}

/** Opens the list and waits until the island is interactive. */
async function openList(page: Page, path = RESTAURANTS): Promise<void> {
  await page.goto(path);
  await page.locator('astro-island:not([ssr]) .place-list').waitFor();
}

const shownNames = (page: Page) => page.locator('.place-card__name').allTextContents();
const card = (page: Page, place: Place) => page.locator(`.place-card[data-place-id="${place.id}"]`);
const showing = (page: Page) => page.locator('.place-list__showing');

// The spec's rules, restated here so the page is checked against them independently.
const byName = (a: Place, b: Place) => a.name.localeCompare(b.name, 'en') || a.id - b.id;
const dollars = (place: Place) => (place.priceRange.match(/\$/g) ?? []).length;
const reviews = (place: Place) => Number(place.reviewCount.replace(/\D/g, '') || 0);
const SPEC_SORTS: Record<string, (a: Place, b: Place) => number> = {
  Rating: (a, b) => b.rating - a.rating || byName(a, b),
  Reviews: (a, b) => reviews(b) - reviews(a) || byName(a, b),
  'Price: Low to High': (a, b) => dollars(a) - dollars(b) || byName(a, b),
  'Price: High to Low': (a, b) => dollars(b) - dollars(a) || byName(a, b),
  'Name A-Z': byName,
};
function lettersInOrder(query: string, text: string): boolean {
  const wanted = query.toLowerCase().replace(/\s+/g, '');
  let at = 0;
  for (const char of text.toLowerCase()) if (char === wanted[at]) at += 1;
  return at === wanted.length;
}
function specMatch(place: Place, query: string): boolean {
  const q = query.trim().toLowerCase();
  return [place.name, ...place.tags, place.highlight].some((text) => text.toLowerCase().includes(q) || lettersInOrder(q, text));
}
const namesOf = (places: Place[]) => places.map((place) => place.name);

test.describe('restaurants and activities list', () => {
  test('title with count and every sort', async ({ page, request, consoleErrors }) => {
    const places = await placesFrom(request);
    await openList(page);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Top Restaurants (${places.length})`);
    await expect(showing(page)).toHaveText(`Showing ${places.length} of ${places.length} restaurants`);
    await expect(page.locator('.place-card')).toHaveCount(places.length);

    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText(Object.keys(SPEC_SORTS));
    for (const [label, compare] of Object.entries(SPEC_SORTS)) {
      await sort.selectOption({ label });
      await expect.poll(() => shownNames(page)).toEqual(namesOf([...places].sort(compare)));
    }
    expect(consoleErrors).toEqual([]);
  });

  test('price, cuisine, minimum rating and tag filters, alone and combined, with chips and Clear Filters', async ({ page, request, consoleErrors }) => {
    const places = await placesFrom(request);
    const total = places.length;
    await openList(page);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const expectShown = async (expected: Place[]) => {
      await expect(showing(page)).toHaveText(`Showing ${expected.length} of ${total} restaurants`);
      expect((await shownNames(page)).sort()).toEqual(namesOf(expected).sort());
    };

    const prices = page.getByRole('group', { name: 'Price range' });
    await expect(prices.getByRole('button')).toHaveText(['$', '$$', '$$$', '$$$$']);
    await prices.getByRole('button', { name: '$$', exact: true }).click();
    await expectShown(places.filter((p) => p.priceRange === '$$'));
    await prices.getByRole('button', { name: '$$$$', exact: true }).click();
    await expectShown(places.filter((p) => p.priceRange === '$$' || p.priceRange === '$$$$'));
    await expect(page.getByRole('button', { name: 'Remove filter $$', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter $$$$', exact: true }).click();
    await expect(prices.getByRole('button', { name: '$$$$', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expectShown(places.filter((p) => p.priceRange === '$$'));
    await page.getByRole('button', { name: 'Remove filter $$', exact: true }).click();
    await expectShown(places);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

    // Cuisine is the first tag, offered once (the chips): a restaurant whose later tag names the cuisine does not count.
    const cuisine = page.getByRole('group', { name: 'Cuisine', exact: true });
    const cuisines = [...new Set(places.flatMap((p) => p.tags.slice(0, 1)))].sort((a, b) => a.localeCompare(b, 'en'));
    await expect(cuisine.getByRole('button')).toHaveText(['All', ...cuisines]);
    const southwestern = places.filter((p) => p.tags[0] === 'Southwestern');
    expect(places.some((p) => p.tags.indexOf('Southwestern') > 0)).toBe(true);
    await cuisine.getByRole('button', { name: 'Southwestern', exact: true }).click();
    await expectShown(southwestern);
    await page.getByRole('button', { name: 'Remove filter Southwestern' }).click();
    await expect(cuisine.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectShown(places);

    const minRating = page.getByLabel('Minimum rating', { exact: true });
    await expect(minRating.locator('option')).toHaveText(['Any rating', '4.5+', '4.0+', '3.5+', '3.0+']);
    for (const [label, value] of [
      ['4.5+', 4.5],
      ['4.0+', 4.0],
      ['3.5+', 3.5],
      ['3.0+', 3.0],
    ] as const) {
      await minRating.selectOption({ label });
      await expectShown(places.filter((p) => p.rating >= value));
    }
    await expect(page.getByRole('button', { name: 'Remove filter 3.0+ stars' })).toBeVisible();
    await minRating.selectOption({ label: 'Any rating' });
    await expectShown(places);

    // Several tags: a restaurant needs every chosen tag.
    const tags = page.getByRole('group', { name: 'Tags' });
    await tags.getByRole('button', { name: 'Brunch', exact: true }).click();
    await expectShown(places.filter((p) => p.tags.includes('Brunch')));
    await tags.getByRole('button', { name: 'Cocktails', exact: true }).click();
    await expect(tags.getByRole('button', { name: 'Cocktails', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectShown(places.filter((p) => p.tags.includes('Brunch') && p.tags.includes('Cocktails')));
    await page.getByRole('button', { name: 'Remove filter Cocktails' }).click();
    await expectShown(places.filter((p) => p.tags.includes('Brunch')));

    // Combined with price and rating.
    await prices.getByRole('button', { name: '$$$', exact: true }).click();
    await minRating.selectOption({ label: '4.5+' });
    const combined = places.filter((p) => p.tags.includes('Brunch') && p.priceRange === '$$$' && p.rating >= 4.5);
    expect(combined.length).toBeGreaterThan(0);
    await expectShown(combined);
    await expect(page.locator('.place-list__chips li')).toHaveText(['$$$×', '4.5+ stars×', 'Brunch×']);
    await expect(page.locator('.filters__count')).toHaveText('3');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expectShown(places);
    await expect(page.locator('.place-list__chips')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
    await expect(minRating).toHaveValue('');
    await expect(tags.getByRole('button', { pressed: true })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('fuzzy search over name, tags and highlight; the empty state', async ({ page, request, consoleErrors }) => {
    const places = await placesFrom(request);
    await openList(page);
    const search = page.getByRole('searchbox', { name: 'Search restaurants' });
    const expectMatches = async (query: string) => {
      const expected = places.filter((p) => specMatch(p, query));
      await expect(showing(page)).toHaveText(`Showing ${expected.length} of ${places.length} restaurants`);
      expect((await shownNames(page)).sort()).toEqual(namesOf(expected).sort());
      return expected;
    };

    await search.fill('SUSHI');
    const sushi = await expectMatches('SUSHI');
    expect(sushi.length).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Remove filter Search: "SUSHI"' })).toBeVisible();

    // Words found only in The Mission's highlight.
    const mission = places.find((p) => p.name === 'The Mission')!;
    expect(mission.highlight).toContain('worth the trip');
    await search.fill('Worth The Trip');
    expect(namesOf(await expectMatches('Worth The Trip'))).toContain('The Mission');

    // Letters in order but not side by side.
    const maple = places.find((p) => p.name === 'Maple & Ash')!;
    const query = 'mplsh';
    expect(maple.name.toLowerCase()).not.toContain(query);
    await search.fill(query);
    expect(namesOf(await expectMatches(query))).toContain('Maple & Ash');

    await search.fill('zzqx-no-such-place');
    await expect(page.locator('.place-card')).toHaveCount(0);
    await expect(page.getByText('No restaurants found matching your criteria.')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or search terms.')).toBeVisible();
    await expect(showing(page)).toHaveText(`Showing 0 of ${places.length} restaurants`);

    await page.getByRole('button', { name: 'Remove filter Search: "zzqx-no-such-place"' }).click();
    await expect(search).toHaveValue('');
    await expect(page.locator('.place-card')).toHaveCount(places.length);
    expect(consoleErrors).toEqual([]);
  });

  test('cards: opening colours, +N tags, View and Reserve links', async ({ page, request, consoleErrors }) => {
    const places = await placesFrom(request);
    await openList(page);
    // Eighteen seeded places are also spots: their View opens our own spot page.
    expect(places.some((p) => p.spotSlug) && places.some((p) => !p.spotSlug)).toBe(true);
    expect(places.some((p) => p.tags.length > 3)).toBe(true);

    for (const place of places) {
      const item = card(page, place);
      await expect(item.locator('.place-card__rating')).toHaveText(`★ ${place.rating.toFixed(1)}`);
      await expect(item).toContainText(place.priceRange);
      await expect(item).toContainText(place.reviewCount);
      await expect(item.locator('.place-card__highlight')).toContainText(place.highlight);

      const opening = item.locator('.place-card__opening');
      await expect(opening).toHaveText(place.openingStatus);
      if (place.openingStatus.includes('Open now')) await expect(opening).toHaveClass(/opening--open/);
      else if (place.openingStatus.includes('Closed')) await expect(opening).toHaveClass(/opening--closed/);

      const tagItems = item.locator('.place-card__tags li');
      const extra = place.tags.length - 3;
      // The "+N" is what the eye reads; a screen reader hears "N more tags" instead.
      await expect(tagItems).toHaveText(extra > 0 ? [...place.tags.slice(0, 3), `+${extra}${extra} more tags`] : place.tags);
      if (extra > 0) {
        await expect(tagItems.last().locator('[aria-hidden="true"]')).toHaveText(`+${extra}`);
        await expect(tagItems.last().locator('.visually-hidden')).toHaveText(`${extra} more tags`);
      }

      const view = item.getByRole('link', { name: /^View/ });
      if (place.spotSlug) {
        await expect(view).toHaveAttribute('href', `/spots/${place.spotSlug}`);
        await expect(view).not.toHaveAttribute('target', '_blank');
      } else {
        await expect(view).toHaveAttribute('href', place.link);
        await expect(view).toHaveAttribute('target', '_blank');
        await expect(view).toHaveAttribute('rel', 'noopener noreferrer');
      }
      // Reserve only where a real booking page is stored; the seed stores none.
      const reserve = item.getByRole('link', { name: /^Reserve/ });
      expect(place.reservationAvailable).toBe(place.reservationUrl !== null);
      if (place.reservationUrl) await expect(reserve).toHaveAttribute('href', place.reservationUrl);
      else await expect(reserve).toHaveCount(0);
    }
    // Which places are open depends on the hour in Scottsdale: each tone present has its colour.
    const tones = { open: places.some((p) => p.openingStatus.includes('Open now')), closed: places.some((p) => p.openingStatus.includes('Closed')) };
    expect(tones.open || tones.closed).toBe(true);
    if (tones.open) await expect(page.locator('.opening--open').first()).toHaveCSS('color', 'rgb(31, 122, 69)');
    if (tones.closed) await expect(page.locator('.opening--closed').first()).toHaveCSS('color', 'rgb(180, 35, 24)');
    expect(consoleErrors).toEqual([]);
  });

  test("opening status is worked out from the hours at the visitor's time (city time)", async ({ page, request }) => {
    const places = await placesFrom(request);
    const named = (name: string) =>
      card(
        page,
        places.find((p) => p.name === name)!,
      );
    // 2026-11-23 is a Monday: FnB is closed all day, The Mission open until 10 PM.
    await page.clock.setFixedTime(new Date('2026-11-23T12:30:00-07:00'));
    await openList(page);
    await expect(named('FnB').locator('.place-card__opening')).toHaveText(/^Closed today · opens tomorrow/);
    await expect(named('FnB').locator('.place-card__opening')).toHaveClass(/opening--closed/);
    await expect(named('The Mission').locator('.place-card__opening')).toHaveText('Open now · closes 10 PM');
    await expect(named('The Mission').locator('.place-card__opening')).toHaveClass(/opening--open/);
    await page.clock.setFixedTime(new Date('2026-11-23T23:30:00-07:00'));
    await page.reload();
    await expect(named('The Mission').locator('.place-card__opening')).toHaveText('Closed · opens tomorrow 11 AM');
  });

  test('an image that fails to load is hidden; a designed card with the name keeps its space', async ({ page, request, consoleErrors }) => {
    const places = await placesFrom(request);
    const first = places[0]!;
    const lower = places.at(-1)!;
    const other = places[1]!;
    for (const broken of [first, lower]) await page.route(`**${broken.image}`, (route) => route.abort());
    await openList(page);

    // The first card's image fails before the island hydrates, a lower one while scrolling.
    for (const broken of [first, lower]) {
      await card(page, broken).scrollIntoViewIfNeeded();
      await expect(card(page, broken).locator('img')).toHaveCount(0);
      const fallback = card(page, broken).locator('.art-fallback');
      await expect(fallback).toBeVisible();
      await expect(fallback).toContainText(broken.name);
      await expect(fallback).toHaveAttribute('aria-hidden', 'true');
      const box = await card(page, broken).locator('.place-card__media').boundingBox();
      expect(box!.height).toBeGreaterThan(100);
    }
    await card(page, first).screenshot({ path: 'test-results/screenshots/place-card-fallback-1280.png' });
    await expect(card(page, other).locator('img')).toBeVisible();
    expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
  });

  test('Show/Hide Filters toggles the filter panel', async ({ page }) => {
    await openList(page);
    const toggle = page.getByRole('button', { name: 'Show Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Minimum rating', { exact: true })).toHaveCount(0);

    await toggle.click();
    const hide = page.getByRole('button', { name: 'Hide Filters' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('group', { name: 'Price range' })).toBeVisible();
    await expect(page.getByLabel('Minimum rating', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Tags' })).toBeVisible();
    // Cuisine is not offered a second time in the panel, nor among the tags.
    await expect(page.getByLabel('Cuisine', { exact: true }).locator('option')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'Southwestern', exact: true })).toHaveCount(0);

    // Filters chosen stay applied while the panel is closed.
    await page.getByLabel('Minimum rating', { exact: true }).selectOption({ label: '4.5+' });
    await hide.click();
    await expect(page.getByRole('button', { name: 'Show Filters' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('group', { name: 'Price range' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove filter 4.5+ stars' })).toBeVisible();
  });

  test('activities: title, Type filter and the activities noun', async ({ page, request, consoleErrors }) => {
    const activities = await placesFrom(request, '/api/top-activities');
    await openList(page, ACTIVITIES);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Things to Do (${activities.length})`);
    await expect(showing(page)).toHaveText(`Showing ${activities.length} of ${activities.length} activities`);

    const type = activities[0]!.tags[0]!;
    await page.getByRole('group', { name: 'Type', exact: true }).getByRole('button', { name: type, exact: true }).click();
    const expected = activities.filter((a) => a.tags[0] === type);
    await expect(showing(page)).toHaveText(`Showing ${expected.length} of ${activities.length} activities`);

    await page.getByRole('searchbox', { name: 'Search activities' }).fill('zzqx-nothing');
    await expect(page.getByText('Try adjusting your filters or search terms.')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('screenshots', async ({ page }) => {
    await screenshotBothWidths(page, RESTAURANTS, 'restaurants');
  });
});
