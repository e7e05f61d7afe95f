import { openingStatus, type OpeningHours } from '../../src/lib/opening-hours';
import { openingLabel } from '../../src/lib/opening-hours-labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStories } from '../../db/seed/stories';
import { storedBodyFromMarkup } from '../../src/lib/story-document/stored-body';
import { seedPlaces } from '../../db/seed/places';
import { PREMIUM_SPOTS_READ } from '../../src/lib/premium';
import { spotScore } from '../../src/lib/spot-score';
import {
  AccountSchema,
  CalendarEventsSchema,
  FeaturedSpotsSchema,
  PlacesSchema,
  SpotsPageSchema,
  StoriesSchema,
  SubscriptionStatusSchema,
  TopSpotsSchema,
  WeeklyEventsSchema,
  expectContract,
} from '../support/contracts';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
const getJson = async (path: string) => {
  const response = await server.fetch(path);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('GET /api/spots/featured', () => {
  it('lists only featured spots with every spot field', async () => {
    const { status, body } = await getJson('/api/spots/featured');
    expect(status).toBe(200);
    expectContract(FeaturedSpotsSchema, body);
    expect(body.length).toBeGreaterThanOrEqual(3);
    for (const spot of body) {
      expect(spot.featured).toBe(1);
      expect(Object.keys(spot)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'category',
          'description',
          'imageUrl',
          'thumbnailUrl',
          'mapsUrl',
          'website',
          'featured',
          'viewCount',
          'lovedCount',
          'visitedCount',
          'suggestionCount',
          'tags',
          'createdAt',
        ]),
      );
    }
  });
});

describe('GET /api/spots', () => {
  it.each(['/api/spots', '/api/spots?category=food&sort=newest&page=2', '/api/spots?q=trail', PREMIUM_SPOTS_READ])('%s answers its contract', async (path) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    const page = expectContract(SpotsPageSchema, body);
    expect(page.spots.length).toBeLessThanOrEqual(page.pageSize);
  });
});

describe('GET /api/spots/top', () => {
  it('orders by the §9 score, highest first', async () => {
    const { status, body } = await getJson('/api/spots/top?limit=40');
    expect(status).toBe(200);
    expectContract(TopSpotsSchema, body);
    expect(body).toHaveLength(40);
    const scores = body.map((s: Parameters<typeof spotScore>[0]) => spotScore(s));
    expect(body.map((s: { score: number }) => s.score)).toEqual(scores);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
  it('defaults to 20', async () => {
    expect((await getJson('/api/spots/top')).body).toHaveLength(20);
  });
  it.each(['0', '101', 'abc', '1.5', '-1', ''])('rejects limit=%s with 400 JSON', async (limit) => {
    const { status, type, body } = await getJson(`/api/spots/top?limit=${limit}`);
    expect(status).toBe(400);
    expect(type).toContain('application/json');
    expect(body.message).toMatch(/limit/);
  });
});

describe('Stories', () => {
  const published = seedStories.filter((s) => s.isPublished);
  const draft = seedStories.find((s) => !s.isPublished)!;

  it('GET /api/blog lists only published stories, newest first, without bodies', async () => {
    const { status, body } = await getJson('/api/blog');
    expect(status).toBe(200);
    expectContract(StoriesSchema, body);
    expect(body).toHaveLength(published.length);
    expect(body.every((p: { isPublished: boolean }) => p.isPublished)).toBe(true);
    expect(body.some((p: { slug: string }) => p.slug === draft.slug)).toBe(false);
    expect(body[0]).not.toHaveProperty('content');
    const dates = body.map((p: { publishedAt: string }) => Date.parse(p.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('GET /api/blog/featured lists the featured ones', async () => {
    const { body } = await getJson('/api/blog/featured');
    expectContract(StoriesSchema, body);
    expect(body).toHaveLength(published.filter((s) => s.isFeatured).length);
    expect(body.every((p: { isFeatured: boolean }) => p.isFeatured)).toBe(true);
  });

  it('GET /api/blog/{slug} returns the whole story', async () => {
    const story = published[0]!;
    const { status, body } = await getJson(`/api/blog/${story.slug}`);
    expect(status).toBe(200);
    expect(body.title).toBe(story.title);
    // The stored form: the HTML rendered from the Story's document, as its page shows it.
    expect(body.content).toBe(storedBodyFromMarkup(story.content).content);
    expect(body.content.startsWith('<p>')).toBe(true);
    expect(body).not.toHaveProperty('doc');
  });

  it('a missing or unpublished story is a 404 JSON', async () => {
    for (const slug of ['no-such-story', draft.slug]) {
      const { status, type, body } = await getJson(`/api/blog/${slug}`);
      expect(status).toBe(404);
      expect(type).toContain('application/json');
      expect(body.message).toBe('Post not found');
    }
  });

  it('a malformed slug is a 400', async () => {
    expect((await getJson('/api/blog/Not_A_Slug!')).status).toBe(400);
  });

  it('GET /api/blog/category/{category} accepts the label or its URL form', async () => {
    const expected = published.filter((s) => s.category === 'Food Spotlight').length;
    for (const path of ['/api/blog/category/Food%20Spotlight', '/api/blog/category/food-spotlight']) {
      const { status, body } = await getJson(path);
      expect(status).toBe(200);
      expectContract(StoriesSchema, body);
      expect(body).toHaveLength(expected);
      expect(body.every((p: { category: string }) => p.category === 'Food Spotlight')).toBe(true);
    }
  });

  it('an unknown category is a 400', async () => {
    const { status, body } = await getJson('/api/blog/category/brunch');
    expect(status).toBe(400);
    expect(body.message).toMatch(/Unknown category/);
  });
});

describe('Events', () => {
  it('GET /api/events returns exactly the §3 fields, soonest first, over four weeks', async () => {
    const { status, body } = await getJson('/api/events');
    expect(status).toBe(200);
    expectContract(CalendarEventsSchema, body);
    expect(body.length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['id', 'title', 'description', 'startDate', 'endDate', 'location', 'link', 'eventType', 'tags', 'isTrending', 'isNewThisWeek', 'source', 'createdAt'].sort(),
    );
    const starts = body.map((e: { startDate: string }) => Date.parse(e.startDate));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const spanDays = (starts.at(-1) - starts[0]) / 86_400_000;
    expect(spanDays).toBeGreaterThan(20);
  });

  it('GET /api/events takes a from/to window', async () => {
    const all = (await getJson('/api/events')).body;
    const from = all[5].startDate;
    const { body } = await getJson(`/api/events?from=${encodeURIComponent(from)}`);
    expectContract(CalendarEventsSchema, body);
    expect(body[0].startDate).toBe(from);
  });

  it.each(['from=yesterday', 'to=2026-13-45', 'from=2026-12-10&to=2026-12-01'])('rejects %s with 400', async (q) => {
    expect((await getJson(`/api/events?${q}`)).status).toBe(400);
  });

  it('GET /api/weekly-events returns the weekly shape for the coming seven days', async () => {
    const { status, body } = await getJson('/api/weekly-events');
    expect(status).toBe(200);
    expectContract(WeeklyEventsSchema, body);
    expect(body.length).toBeGreaterThan(0);
    expect(Object.keys(body[0]).sort()).toEqual(['date', 'description', 'id', 'link', 'location', 'title']);
    const now = Date.now();
    for (const e of body) {
      expect(Date.parse(e.date)).toBeGreaterThanOrEqual(now - 60_000);
      expect(Date.parse(e.date)).toBeLessThan(now + 7 * 86_400_000);
    }
  });
});

describe('Restaurants and activities', () => {
  it.each([
    ['/api/top-restaurants', 'restaurant'],
    ['/api/top-activities', 'activity'],
  ] as const)('%s lists every %s with every field, best rated first', async (path, kind) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    expectContract(PlacesSchema, body);
    expect(body).toHaveLength(seedPlaces.filter((p) => p.kind === kind).length);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'id',
        'name',
        'rating',
        'location',
        'tags',
        'link',
        'image',
        'priceRange',
        'openingStatus',
        'reviewCount',
        'highlight',
        'reservationAvailable',
        'reservationUrl',
        'spotSlug',
        'hours',
        'latitude',
        'longitude',
      ].sort(),
    );
    // The status is worked out from the hours in city time, not stored text.
    const now = new Date();
    for (const place of body as { openingStatus: string; hours: OpeningHours | null }[]) {
      expect(place.hours).not.toBeNull();
      expect([openingLabel(openingStatus(place.hours!, now), now), openingLabel(openingStatus(place.hours!, new Date(now.getTime() - 60_000)), now)]).toContain(
        place.openingStatus,
      );
    }
    const ratings = body.map((p: { rating: number }) => p.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });
});

describe('Unknown paths', () => {
  it('an unknown API path is a 404 JSON', async () => {
    const { status, body } = await getJson('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.message).toMatch(/No API endpoint/);
  });
  it('an unknown page is the 404 page', async () => {
    const response = await server.fetch('/definitely/not/a/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
  });
});

describe('GET /api/subscription/status', () => {
  it('is inactive for an unknown email', async () => {
    const { status, body } = await getJson('/api/subscription/status?email=nobody%40example.com');
    expect(status).toBe(200);
    expectContract(SubscriptionStatusSchema, body);
    expect(body).toEqual({ isActive: false, isFoundingMember: false });
  });
  it.each(['', '?email=', '?email=not-an-email', `?email=${'a'.repeat(250)}%40x.co`])('rejects %s with 400', async (query) => {
    const { status, body } = await getJson(`/api/subscription/status${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Invalid query: email/);
  });
});

describe('GET /api/account', () => {
  it('answers its contract for a visitor nobody knows', async () => {
    const { status, body } = await getJson('/api/account');
    expect(status).toBe(200);
    expect(expectContract(AccountSchema, body)).toEqual({ user: null, subscriber: null });
  });
});
