import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { events, spots } from '../../db/schema';
import { cityDateTime, cityDayStart, inCity } from '../../src/lib/city-time';
import { VIEWPORTS, expect, test } from './support';

// One search across the guide: the header's field and panel (a combobox), and /search without JavaScript.
let db: Database;
const stamp = Date.now().toString(36);

test.beforeAll(async () => {
  db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
  const [hike] = await db.select().from(spots).where(eq(spots.category, 'hike')).limit(1);
  const { id: _id, score: _score, ...copy } = hike!;
  await db.insert(spots).values([
    { ...copy, name: 'Pinnacle Sunset Trail', slug: `pinnacle-sunset-trail-${stamp}`, hook: 'Golden sunset light on the boulders, back before dark.', featured: 0 },
    { ...copy, name: 'Boulder Loop Trail', slug: `boulder-loop-trail-${stamp}`, hook: 'Shaded morning climb.', featured: 0 },
  ]);
  const now = new Date();
  const weekday = inCity(now).getDay();
  const saturday = cityDateTime(cityDayStart(now), weekday === 0 ? -1 : 6 - weekday, '19:00');
  const weekend = new Date(Math.max(saturday.getTime(), now.getTime() + 3600_000));
  await db.insert(events).values([
    {
      title: 'Blue Saguaro Jazz Night',
      startDate: weekend,
      endDate: new Date(weekend.getTime() + 2 * 3600_000),
      source: 'manual',
      description: 'A trio plays standards.',
    },
    { title: 'Blue Saguaro Jazz Brunch', startDate: new Date(weekend.getTime() + 14 * 86_400_000), source: 'manual', description: 'Standards with brunch.' },
  ]);
});
test.afterAll(() => db?.$client.close());

for (const [name, size] of Object.entries(VIEWPORTS)) {
  test(`the header search at ${size.width} px: tako, sunset hike, jazz this weekend, a new spot, keys and Escape`, async ({ page, consoleErrors }) => {
    await page.setViewportSize(size);
    await page.goto('/events');
    const opener = page.getByRole('button', { name: 'Search the guide' });
    await expect(opener).toBeVisible();
    await opener.click();
    const input = page.getByRole('combobox', { name: 'Search spots, restaurants, events and Stories' });
    await expect(input).toBeFocused();
    const listbox = page.getByRole('listbox', { name: 'Search results' });

    await input.fill('tako');
    await expect(listbox).toBeVisible();
    const options = listbox.getByRole('option');
    await expect(options.first()).toContainText(/taco/i);
    const titles = await listbox.locator('.header-search__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    const matched = await listbox.locator('.header-search__option:not(.header-search__all)').allTextContents();
    for (const text of matched) expect(text).toMatch(/taco|taquer/i);
    const axe = await new AxeBuilder({ page }).include('[data-header-search]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: `test-results/screenshots/search-panel-${size.width}.png` });

    await input.fill('sunset hike');
    await expect(listbox.getByRole('option', { name: /Pinnacle Sunset Trail/ })).toBeVisible();
    await expect(listbox.getByRole('option', { name: /Boulder Loop Trail/ })).toHaveCount(0);

    await input.fill('jazz this weekend');
    const eventsGroup = listbox.getByRole('group', { name: 'Events' });
    await expect(eventsGroup.getByRole('option').first()).toContainText('Blue Saguaro Jazz Night');
    await expect(eventsGroup.getByRole('option').nth(1)).toContainText('Blue Saguaro Jazz Brunch');

    // Keyboard: arrows move the active option, Escape closes the panel, then the field, and focus returns.
    await input.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await input.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toBeFocused();
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(opener).toBeFocused();

    // The `/` key opens it; a spot added a moment ago is found on the next query, and Enter opens it.
    await page.keyboard.press('/');
    await expect(input).toBeFocused();
    const slug = `moonflower-tortilla-stand-${name}-${stamp}`;
    const { id: _id, score: _score, ...copy } = (await db.select().from(spots).where(eq(spots.category, 'food')).limit(1))[0]!;
    await db.insert(spots).values({ ...copy, name: `Moonflower Tortilla Stand ${name}`, slug, featured: 0, hook: 'Handmade tortillas.' });
    await input.fill(`moonflower tortilla ${name}`);
    await expect(listbox.getByRole('option', { name: new RegExp(`Moonflower Tortilla Stand ${name}`) })).toBeVisible();
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/spots/${slug}$`));
    expect(consoleErrors).toEqual([]);
  });
}

test('/search?q=patio works with JavaScript off: results, highlights, filters, shareable', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto('/search?q=patio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “patio”');
    await expect(page.locator('.search-hit').first()).toBeVisible();
    await expect(page.locator('.search-hit mark').first()).toHaveText(/patio|terrace|outdoor/i);
    await page.screenshot({ path: `test-results/screenshots/search-page-${size.width}.png`, fullPage: true });
  }
  await page.getByLabel('Kind').selectOption('spot');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\/search\?q=patio&kind=spot/);
  await expect(page.getByLabel('Kind')).toHaveValue('spot');
  await expect(page.getByText('Some of the filters were not understood')).toHaveCount(0);
  const kinds = await page.locator('.search-hit').evaluateAll((hits) => hits.map((hit) => hit.getAttribute('data-kind')));
  expect(kinds.length).toBeGreaterThan(0);
  expect(new Set(kinds)).toEqual(new Set(['spot']));
  await context.close();
});
