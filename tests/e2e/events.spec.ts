import type { Locator, Page } from '@playwright/test';
import { shiftWeek, weekLabel, weekParam, weekRange } from '../../src/lib/calendar-week';
import { weekOf } from '../../src/lib/city-time';
import { CITY_TIME_ZONE } from '../../src/lib/constants';
import { EVENT_TAGS } from '../../src/lib/event-tags';
import { startTestServer, type TestServer } from '../support/server';
import { expect, screenshotBothWidths, test, VIEWPORTS } from './support';

const cards = (page: Page) => page.locator('.event-card');
const label = (page: Page) => page.locator('.week-bar__label');
const count = (page: Page) => page.locator('.events-count');
const chips = (page: Page) => page.getByRole('group', { name: 'Category' });
const button = (page: Page, name: 'Previous Week' | 'Next Week' | 'Go to Current Week') => page.getByRole('button', { name, exact: true });
const cityDate = new Intl.DateTimeFormat('en-CA', { timeZone: CITY_TIME_ZONE }); // 'YYYY-MM-DD'
const MONTHS = /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/g;

/** Opens a calendar page and waits until the island is interactive, so clicks are not lost. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('astro-island:not([ssr]) .events-calendar').waitFor();
}

/** The count line reads "{n} events this week" (or "1 event this week") and n is the number of cards. */
async function expectCountMatchesCards(page: Page): Promise<number> {
  const text = (await count(page).textContent()) ?? '';
  const match = text.match(/^(\d+) (events?) this week$/);
  expect(match, `count text "${text}"`).not.toBeNull();
  const n = Number(match![1]);
  expect(match![2]).toBe(n === 1 ? 'event' : 'events');
  await expect(cards(page)).toHaveCount(n);
  return n;
}

/**
 * Every card's start lies in the week (Sunday to Saturday, city time); the cards still to come
 * first, earliest first, then those marked Ended, earliest first.
 */
async function expectCardsInWeek(list: Locator, week: Date): Promise<void> {
  const { start, end } = weekRange(week);
  const shown = await list.evaluateAll((nodes) =>
    nodes.map((n) => ({ at: new Date(n.querySelector('.event-card__when time')!.getAttribute('datetime')!).getTime(), past: n.classList.contains('event-card--past') })),
  );
  for (const { at } of shown) {
    expect(at).toBeGreaterThanOrEqual(start.getTime());
    expect(at).toBeLessThan(end.getTime());
  }
  const byStart = (cards: typeof shown) => [...cards].sort((a, b) => a.at - b.at);
  expect(shown).toEqual([...byStart(shown.filter((c) => !c.past)), ...byStart(shown.filter((c) => c.past))]);
}

async function expectWeekShown(page: Page, week: Date, current: boolean): Promise<void> {
  await expect(label(page)).toHaveText(weekLabel(week));
  if (current) await expect(page).not.toHaveURL(/[?&]week=/);
  else await expect(page).toHaveURL(new RegExp(`[?&]week=${weekParam(week)}(&|$)`));
  await expect(button(page, 'Go to Current Week')).toBeEnabled({ enabled: !current });
}

test.describe('/events calendar', () => {
  test('the current week lists its events as cards with badges, derived tags and Learn More links', async ({ page, request, consoleErrors }) => {
    const thisWeek = weekOf(new Date());
    const html = await (await request.get('/events')).text();
    expect(html).toMatch(/class="event-card( event-card--past)?"/);
    expect(html).not.toContain('Loading events...');

    await open(page, '/events');
    await expect(page).toHaveTitle(/Events Calendar/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events Calendar');
    await expectWeekShown(page, thisWeek, true);
    await expect(page.locator('.week-bar .eyebrow')).toHaveText('This week');
    const n = await expectCountMatchesCards(page);
    expect(n).toBeGreaterThan(0);
    await expectCardsInWeek(cards(page), thisWeek);
    await expect(page.getByText('Sample events')).toHaveCount(0);
    // Once a day of the week is over, its events fold under one line: open it to read every card.
    const earlier = page.locator('.events-ended > summary');
    if ((await earlier.count()) > 0) await earlier.click();

    for (const card of await cards(page).all()) {
      await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(card.locator('.event-card__when')).toHaveText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{1,2} · \d{1,2}:\d{2} (AM|PM)$/);
      const tags = await card.locator('.event-card__tags li').allTextContents();
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(EVENT_TAGS).toContain(tag);
      if (tags.includes('Community')) expect(tags).toEqual(['Community']);
      const type = await card.getAttribute('data-event-type');
      if (type) await expect(card.locator('.event-card__type')).toHaveText(`Type: ${type}`);
    }
    await expect(page.locator('.event-card .badge', { hasText: /^Trending$/ }).first()).toBeVisible();
    await expect(page.locator('.event-card .badge', { hasText: /^New This Week$/ }).first()).toBeVisible();

    const learnMore = page.getByRole('link', { name: /^Learn More about / });
    await expect(learnMore.first()).toContainText('Learn More');
    expect(await learnMore.count()).toBeGreaterThan(0);
    for (const link of await learnMore.all()) {
      await expect(link).toHaveAttribute('href', /^https?:\/\/\S+$/);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(consoleErrors).toEqual([]);
  });

  test('Next Week crosses a month boundary, the URL holds each Sunday, Go to Current Week returns', async ({ page, consoleErrors }) => {
    const thisWeek = weekOf(new Date());
    // Any five consecutive weeks include one that starts in one month and ends in the next.
    const crossing = [1, 2, 3, 4, 5].find((n) => new Set(weekLabel(shiftWeek(thisWeek, n)).match(MONTHS)).size === 2)!;
    expect(crossing).toBeDefined();

    await open(page, '/events');
    await expectWeekShown(page, thisWeek, true);
    for (let n = 1; n <= Math.max(crossing, 2); n++) {
      await button(page, 'Next Week').click();
      const week = shiftWeek(thisWeek, n);
      await expectWeekShown(page, week, false);
      await expect(page.locator('.week-bar .eyebrow')).toHaveText(n === 1 ? 'Next week' : `In ${n} weeks`);
      if ((await cards(page).count()) > 0) {
        await expectCountMatchesCards(page);
        await expectCardsInWeek(cards(page), week);
      } else {
        await expect(page.getByText('No events found for this week.')).toBeVisible();
      }
      if (n === crossing) expect(new Set((await label(page).textContent())!.match(MONTHS)).size).toBe(2);
    }

    await button(page, 'Previous Week').click();
    await expectWeekShown(page, shiftWeek(thisWeek, Math.max(crossing, 2) - 1), false);
    await button(page, 'Go to Current Week').click();
    await expectWeekShown(page, thisWeek, true);
    await button(page, 'Previous Week').click();
    await expectWeekShown(page, shiftWeek(thisWeek, -1), false);
    await expect(page.locator('.week-bar .eyebrow')).toHaveText('Last week');
    expect(consoleErrors).toEqual([]);
  });

  test('a reload or a shared link opens the week in the URL', async ({ page, request }) => {
    const thisWeek = weekOf(new Date());
    const twoAhead = shiftWeek(thisWeek, 2);
    await open(page, '/events');
    await button(page, 'Next Week').click();
    await button(page, 'Next Week').click();
    await expectWeekShown(page, twoAhead, false);
    const shown = await cards(page).locator('h3').allTextContents();

    await page.reload();
    await page.locator('astro-island:not([ssr]) .events-calendar').waitFor();
    await expectWeekShown(page, twoAhead, false);
    await expect(cards(page).locator('h3')).toHaveText(shown);

    // Any day of a week opens that week, and the URL settles on its Sunday.
    const wednesday = new Date(twoAhead.getTime() + 3.5 * 24 * 3600 * 1000);
    await open(page, `/events?week=${cityDate.format(wednesday)}`);
    await expectWeekShown(page, twoAhead, false);
    await open(page, '/events?week=not-a-date');
    await expectWeekShown(page, thisWeek, true);

    const html = (await (await request.get(`/events?week=${weekParam(twoAhead)}`)).text()).replace(/<!-- -->/g, '');
    expect(html).toContain(weekLabel(twoAhead));
  });

  test('the category filter narrows the cards; a week or category with nothing shows the empty texts', async ({ page }) => {
    const thisWeek = weekOf(new Date());
    await open(page, '/events');
    const all = await expectCountMatchesCards(page);
    await expect(chips(page).getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const chipNames = (await chips(page).getByRole('button').allTextContents()).slice(1);
    expect(chipNames).toEqual([...chipNames].sort((a, b) => a.localeCompare(b)));

    const type = (await cards(page).first().getAttribute('data-event-type'))!;
    const expected = await page.locator(`.event-card[data-event-type="${type}"]`).count();
    await chips(page).getByRole('button', { name: type, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(type).replace(/%20/g, '\\+')}`));
    await expect(cards(page)).toHaveCount(expected);
    expect(await expectCountMatchesCards(page)).toBeLessThanOrEqual(all);
    await expect(page.locator(`.event-card:not([data-event-type="${type}"])`)).toHaveCount(0);
    await page.reload();
    await page.locator('astro-island:not([ssr]) .events-calendar').waitFor();
    await expect(chips(page).getByRole('button', { name: type, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(expected);

    // A type that has events in other weeks but none in this one.
    await open(page, '/events');
    await expect(cards(page)).toHaveCount(all);
    const present = new Set(await cards(page).evaluateAll((cs) => cs.map((c) => c.getAttribute('data-event-type'))));
    const absent = chipNames.find((name) => !present.has(name));
    if (absent) {
      await chips(page).getByRole('button', { name: absent, exact: true }).click();
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByText('No events found for this week.')).toBeVisible();
      await expect(page.getByText('Try selecting a different week or category.')).toBeVisible();
      await expect(count(page)).toHaveText('0 events this week');
      await chips(page).getByRole('button', { name: 'All', exact: true }).click();
      await expect(cards(page)).toHaveCount(all);
    }

    // Eight weeks ahead is past the seeded events.
    await open(page, `/events?week=${weekParam(shiftWeek(thisWeek, 8))}&category=${encodeURIComponent(type)}`);
    await expect(page.getByText('No events found for this week.')).toBeVisible();
    await expect(page.getByText('Try selecting a different week or category.')).toBeVisible();
    await chips(page).getByRole('button', { name: 'All', exact: true }).click();
    await expect(page).not.toHaveURL(/category=/);
    await expect(page.getByText('No events found for this week.')).toBeVisible();
    await expect(count(page)).toHaveText('0 events this week');
  });

  test('a week beyond the loaded window shows "Loading events..." while it is fetched', async ({ page }) => {
    const farWeek = shiftWeek(weekOf(new Date()), 60);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/events?from=*', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/events?week=${weekParam(farWeek)}`);
    await expect(label(page)).toHaveText(weekLabel(farWeek));
    await expect(page.getByText('Loading events...')).toBeVisible();
    const fetched = page.waitForResponse((r) => r.url().includes('/api/events?from=') && r.ok());
    release();
    const url = new URL((await fetched).url());
    expect(new Date(url.searchParams.get('from')!).getTime()).toBe(weekRange(farWeek).start.getTime());
    await expect(page.getByText('Loading events...')).toHaveCount(0);
    await expect(page.getByText('No events found for this week.')).toBeVisible();
  });

  test('screenshots', async ({ page }) => {
    await screenshotBothWidths(page, '/events', 'events');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`/events?week=${weekParam(shiftWeek(weekOf(new Date()), 8))}`);
    await page.screenshot({ path: 'test-results/screenshots/events-empty-390.png', fullPage: true });
  });
});

test.describe('/events with no events stored', () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  test.afterAll(async () => server?.stop());

  test('shows the four built-in sample events in whichever week is shown', async ({ page, consoleErrors }) => {
    const thisWeek = weekOf(new Date());
    await open(page, `${server.url}/events`);
    await expect(page.getByText('Sample events — the live calendar is updating.')).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(count(page)).toHaveText('4 events this week');
    await expect(page.locator('.event-card .badge', { hasText: /^Sample$/ })).toHaveCount(4);
    await expectCardsInWeek(cards(page), thisWeek);

    await button(page, 'Next Week').click();
    await expect(cards(page)).toHaveCount(4);
    await expectCardsInWeek(cards(page), shiftWeek(thisWeek, 1));
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('days already over', () => {
  test('events of past days this week are marked Ended and styled apart; today and later are not', async ({ page }) => {
    // Saturday 20:00 of the current week, city time: every earlier day of the week is over.
    const saturday = new Date(weekRange(weekOf(new Date())).end.getTime() - 4 * 60 * 60 * 1000);
    await page.clock.setFixedTime(saturday);
    await open(page, '/events');
    const dayOf = (iso: string) => cityDate.format(new Date(iso));
    const today = dayOf(saturday.toISOString());
    const all = await cards(page).evaluateAll((nodes) =>
      nodes.map((n) => ({
        start: n.querySelector('.event-card__when time')!.getAttribute('datetime')!,
        past: n.classList.contains('event-card--past'),
        ended: n.querySelector('.event-badge--ended')?.textContent ?? null,
      })),
    );
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((card) => dayOf(card.start) < today)).toBe(true);
    for (const card of all) {
      const over = dayOf(card.start) < today;
      expect(card, card.start).toEqual({ start: card.start, past: over, ended: over ? 'Ended' : null });
    }
  });
});

test('the home page heads its upcoming events "Coming up", as they run into next week', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.gems__heading').first()).toHaveText('Coming up');
  await expect(page.getByText('Happening this week')).toHaveCount(0);
});
