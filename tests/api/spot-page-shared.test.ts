/**
 * Spot pages shared by everyone who sees the same thing (docs/decisions/033-cache-per-table-and-shared-spot-pages.md):
 * visitors the meter never applies to (no email: the most common visit) share one kept copy per
 * spot, made without a write, and the page's script posts the view; a metered visitor's page is
 * theirs, counted before it is made, and a locked one never gets the unlocked copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots, type Spot } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { stripeEnv } from '../support/stripe-env';
import { startTestServer, type TestServer } from '../support/server';

let stripe: FakeStripe;
let server: TestServer;
let db: Database;
let mission: Spot;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: stripeEnv(stripe) });
  db = openDatabase({ url: server.databaseUrl });
  mission = (await db.select().from(spots).where(eq(spots.slug, 'the-mission')))[0]!;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const decode = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function page(path: string, jar = new CookieJar()) {
  const response = await server.fetch(path, { headers: { accept: 'text/html', cookie: jar.header() } });
  jar.store(response);
  return { status: response.status, html: decode(await response.text()), headers: response.headers };
}

async function post(path: string, jar: CookieJar, body?: unknown): Promise<Response> {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { origin: server.url, cookie: jar.header(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  jar.store(response);
  return response;
}

async function viewRows(spotId: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM user_engagements WHERE spot_id = ${spotId} AND engagement_type = 'view'`);
  return Number(row!.n);
}

/** What only an entitled visitor reads on a spot page. */
const premiumOf = (spot: Spot) => [spot.address!, spot.insiderTip!, spot.knowBefore!.parking, spot.mapsUrl, spot.description.slice(100)];

describe('a spot page for visitors without a meter', () => {
  it('is kept once and answered from the cache for the second new visitor, setting no cookie and counting nothing', async () => {
    const before = await viewRows(mission.id);
    const first = await page('/spots/the-mission');
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const second = await page('/spots/the-mission');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
    // The unlocked copy, with the premium part, and the mark that makes its script post the view.
    for (const premium of premiumOf(mission)) expect(second.html).toContain(premium);
    expect(second.html).toContain(`data-spot-id="${mission.id}" data-post-view`);
    expect(await viewRows(mission.id)).toBe(before);
  });

  it('views are counted once per visitor, spot and city day: the page and the view its script posts, twice each, by two visitors', async () => {
    const before = await viewRows(mission.id);
    const [opened] = await db.select({ viewCount: spots.viewCount }).from(spots).where(eq(spots.id, mission.id));
    for (const visitor of [new CookieJar(), new CookieJar()]) {
      const counted: boolean[] = [];
      for (let open = 0; open < 2; open++) {
        expect((await page('/spots/the-mission', visitor)).status).toBe(200);
        const view = await post(`/api/spots/${mission.id}/view`, visitor);
        expect(view.status).toBe(200);
        counted.push(((await view.json()) as { counted: boolean }).counted);
      }
      expect(counted).toEqual([true, false]);
    }
    expect(await viewRows(mission.id)).toBe(before + 2);
    const [after] = await db.select({ viewCount: spots.viewCount }).from(spots).where(eq(spots.id, mission.id));
    expect(after!.viewCount).toBe(opened!.viewCount + 2);
  });

  it('one visitor’s loves, visits and saves are never in the copy another gets', async () => {
    const [spot] = await db
      .select()
      .from(spots)
      .where(and(eq(spots.slug, 'taliesin-west'), ne(spots.id, mission.id)));
    const lover = new CookieJar();
    expect((await post('/api/session', lover, { email: 'lover@example.com', password: 'any', name: 'Lorna Lover' })).status).toBe(200);
    expect((await post(`/api/spots/${spot!.id}/love`, lover)).status).toBe(200);
    expect((await post(`/api/spots/${spot!.id}/visit`, lover)).status).toBe(200);
    expect((await post('/api/saved', lover, { spotIds: [spot!.id] })).status).toBe(200);
    // Signed in: their own page, never kept.
    const own = await page(`/spots/${spot!.slug}`, lover);
    expect(own.status).toBe(200);
    expect(own.headers.get('x-cache')).toBeNull();
    expect(own.headers.get('cache-control')).toMatch(/^private\b/);
    // Only the anonymous visitor id left (as after signing out): the shared copy, the same bytes a stranger gets.
    const anonymous = new CookieJar();
    anonymous.set('sid', lover.get('sid')!);
    const theirs = await page(`/spots/${spot!.slug}`, anonymous);
    const stranger = await page(`/spots/${spot!.slug}`);
    expect(stranger.headers.get('x-cache')).toBe('HIT');
    expect(stranger.html).toBe(theirs.html);
    for (const trace of ['lover@example.com', 'Lorna Lover', 'aria-pressed="true"']) expect(stranger.html, trace).not.toContain(trace);
  });
});

describe('a metered visitor’s spot page', () => {
  it('the 4th spot is the locked page, never the kept unlocked copy; the copy stays for everyone else', async () => {
    expect((await page('/spots/the-mission')).status).toBe(200);
    expect((await page('/spots/the-mission')).headers.get('x-cache')).toBe('HIT');
    const reader = new CookieJar();
    expect((await post('/api/create-subscription', reader, { email: `metered.${Date.now()}@example.com` })).status).toBe(200);
    const others = await db.select().from(spots).where(ne(spots.id, mission.id)).limit(3);
    const before = await viewRows(mission.id);
    for (const spot of others) {
      const opened = await page(`/spots/${spot.slug}`, reader);
      expect(opened.status).toBe(200);
      // Counted as the page is made; its script posts nothing more.
      expect(opened.html).not.toContain('data-post-view');
      expect(opened.headers.get('cache-control')).toBe('private, no-cache');
    }
    const locked = await page('/spots/the-mission', reader);
    expect(locked.status).toBe(200);
    expect(locked.headers.get('x-cache')).toBeNull();
    expect(locked.headers.get('cache-control')).toBe('private, no-cache');
    expect(locked.html).toContain("Unlock The Mission's full guide");
    for (const premium of premiumOf(mission)) expect(locked.html, premium).not.toContain(premium);
    // The locked open counted no view; the next stranger still gets the unlocked copy from the cache.
    expect(await viewRows(mission.id)).toBe(before);
    const stranger = await page('/spots/the-mission');
    expect(stranger.headers.get('x-cache')).toBe('HIT');
    expect(stranger.html).toContain(mission.insiderTip!);
  });

  it('every locked visitor shares one kept locked copy; a stranger’s request can never name it', async () => {
    const lockedReader = async () => {
      const jar = new CookieJar();
      expect((await post('/api/create-subscription', jar, { email: `locked.${Math.random()}@example.com` })).status).toBe(200);
      for (const spot of await db.select().from(spots).where(ne(spots.id, mission.id)).limit(3)) expect((await page(`/spots/${spot.slug}`, jar)).status).toBe(200);
      return jar;
    };
    const first = await page('/spots/the-mission', await lockedReader());
    const second = await page('/spots/the-mission', await lockedReader());
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.html).toBe(first.html);
    expect(second.html).toContain("Unlock The Mission's full guide");
    for (const premium of premiumOf(mission)) expect(second.html, premium).not.toContain(premium);
    // A raw request whose path spells the copy's name is an ordinary (unlocked) page request.
    const named = await page('/spots/the-mission%20locked');
    expect(named.status).toBe(404);
    expect((await page('/spots/the-mission')).html).toContain(mission.insiderTip!);
  });
});
