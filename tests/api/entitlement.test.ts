import { inSeason } from '../../src/lib/leaderboard-season';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { events, places, spots, type Spot } from '../../db/schema';
import { FREE_SPOT_VIEWS } from '../../src/lib/constants';
import { PREMIUM_SPOTS_SHOWN, PREMIUM_SPOT_CATEGORY } from '../../src/lib/premium';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { FeaturedSpotsSchema, SpotBySlugSchema, SpotsPageSchema, TopSpotsSchema, expectContract } from '../support/contracts';
import { CookieJar } from '../support/cookie-jar';
import { startSqld, type Sqld } from '../support/sqld';
import { startTestServer, type TestServer } from '../support/server';

let stripe: FakeStripe;
let server: TestServer;
/** The same site on a libSQL server, where every query is a network round trip apart. */
let remoteServer: TestServer;
let remote: Sqld;
let db: Database;
let seeded: Spot[];
/** Links the site shows for events and places, which are public whoever reads them. */
let publicLinks: Set<string>;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  const env = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PRICE_ID: 'price_test_monthly',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    SESSION_SECRET: 'entitlement-test-session-secret-long-enough',
  };
  server = await startTestServer({ env });
  remote = await startSqld();
  remoteServer = await startTestServer({ env, databaseUrl: remote.url });
  db = openDatabase({ url: server.databaseUrl });
  seeded = await db.select().from(spots);
  const links = [...(await db.select({ link: events.link }).from(events)), ...(await db.select({ link: places.link }).from(places))];
  publicLinks = new Set(links.map(({ link }) => link).filter((link): link is string => Boolean(link)));
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await remoteServer?.stop();
  await remote?.stop();
  await stripe?.stop();
});

const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

async function post(path: string, jar: CookieJar, body?: unknown, target = server): Promise<Response> {
  const response = await target.fetch(path, {
    method: 'POST',
    headers: { origin: target.url, cookie: jar.header(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  jar.store(response);
  return response;
}

/** What the subscribe dialog does: the email is claimed for this browser, checkout is not paid. */
async function emailHolder(email: string, target = server): Promise<CookieJar> {
  const jar = new CookieJar();
  expect((await post('/api/create-subscription', jar, { email }, target)).status).toBe(200);
  expect(jar.get('sid')).toBeDefined();
  expect(jar.get('subscriber')).toBeDefined();
  return jar;
}

/** HTML and JSON as a person would read them: entities and JSON string escapes undone. */
function readable(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\\u0026/g, '&')
    .replace(/\\"/g, '"')
    .replace(/\\\//g, '/');
}

/**
 * The premium values of a seeded spot found in `text`: the description past its teaser, the map
 * and website links, the street address, know-before-you-go and the insider tip.
 */
function premiumValuesIn(text: string, spot: Spot): string[] {
  const found: string[] = [];
  if (spot.address && text.includes(spot.address)) found.push(`${spot.name}: address ${spot.address}`);
  if (spot.insiderTip && text.includes(spot.insiderTip)) found.push(`${spot.name}: insider tip`);
  for (const [field, value] of Object.entries(spot.knowBefore ?? {})) if (text.includes(value)) found.push(`${spot.name}: know before you go (${field})`);
  // Seeded descriptions run past 160 characters; the teaser keeps the first 90.
  const beyondTeaser = spot.description.slice(100);
  if (text.includes(beyondTeaser)) found.push(`${spot.name}: description "${beyondTeaser}"`);
  if (text.includes(spot.mapsUrl)) found.push(`${spot.name}: mapsUrl ${spot.mapsUrl}`);
  if (spot.website && !publicLinks.has(spot.website) && text.includes(spot.website)) found.push(`${spot.name}: website ${spot.website}`);
  return found;
}

const premiumLeaks = (text: string, among = seeded) => among.flatMap((spot) => premiumValuesIn(readable(text), spot));

describe('one entitlement rule for every spot read', () => {
  it('a locked visitor reads no premium field anywhere: list, top, featured, and the pages', async () => {
    const jar = await emailHolder('locked.reader@example.com');
    for (let id = 1; id <= FREE_SPOT_VIEWS; id++) expect((await post(`/api/spots/${id}/view`, jar)).status).toBe(200);
    expect((await post(`/api/spots/${FREE_SPOT_VIEWS + 1}/view`, jar)).status).toBe(402);

    const get = (path: string, headers: Record<string, string> = {}) => server.fetch(path, { headers: { cookie: jar.header(), ...headers } });
    const reads: [string, string][] = [];
    for (let page = 1; page <= 2; page++) {
      const body = await (await get(`/api/spots?page=${page}`)).text();
      expectContract(SpotsPageSchema, JSON.parse(body));
      reads.push([`/api/spots?page=${page}`, body]);
    }
    for (const path of ['/api/spots/top?limit=100', '/api/spots/featured']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toMatch(/\bprivate\b/);
      const body = await response.text();
      const list = expectContract(path.startsWith('/api/spots/top') ? TopSpotsSchema : FeaturedSpotsSchema, JSON.parse(body));
      expect(list.length, path).toBeGreaterThan(0);
      for (const spot of list) {
        expect(spot, path).toMatchObject({
          locked: true,
          mapsUrl: '',
          website: null,
          address: null,
          knowBefore: null,
          insiderTip: null,
          description: expect.stringMatching(/…$/),
        });
      }
      reads.push([path, body]);
    }
    // Every spot page but the ones this visitor opened with their free views (those stay theirs to reread).
    const lockedPages = seeded.filter((spot) => spot.id > FREE_SPOT_VIEWS).map((spot) => `/spots/${spot.slug}`);
    for (const path of ['/', '/spots', '/launch', '/top-spots', ...lockedPages, '/sitemap.xml']) {
      const response = await get(path, NAVIGATION);
      expect(response.status, path).toBe(200);
      const body = await response.text();
      if (path.startsWith('/spots/')) expect(body, path).toContain('full guide');
      reads.push([path, body]);
    }
    // The API read of one spot follows the list's rule for every spot, opened or not, and never counts a view.
    for (const spot of seeded) {
      const path = `/api/spots/by-slug/${spot.slug}`;
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toMatch(/\bprivate\b/);
      const body = await response.text();
      expect(expectContract(SpotBySlugSchema, JSON.parse(body)).spot, path).toMatchObject({ locked: true, address: null, insiderTip: null, knowBefore: null });
      reads.push([path, body]);
    }
    expect(reads.map(([path]) => path)).toHaveLength(9 + lockedPages.length + seeded.length);
    for (const [path, body] of reads) expect(premiumLeaks(body), path).toEqual([]);
  });

  it('a visitor with no email and an email holder with free views left read every premium field', async () => {
    const freeLeft = await emailHolder('still.free@example.com');
    for (const cookie of ['', freeLeft.header()]) {
      const top = (await (await server.fetch('/api/spots/top?limit=100', { headers: { cookie } })).json()) as Spot[];
      const byId = new Map(seeded.map((spot) => [spot.id, spot]));
      // The leaderboard leaves out spots out of season (tests/unit/leaderboard-season.test.ts); every other spot is in it.
      expect(top).toHaveLength(seeded.filter((spot) => inSeason(spot.hours, new Date())).length);
      for (const spot of top) expect(spot).toMatchObject({ description: byId.get(spot.id)!.description, mapsUrl: byId.get(spot.id)!.mapsUrl });
      const featured = await (await server.fetch('/api/spots/featured', { headers: { cookie } })).text();
      const featuredSpots = seeded.filter((spot) => spot.featured);
      expect(featuredSpots.flatMap((spot) => premiumValuesIn(readable(featured), spot))).toHaveLength(
        // Description, maps link, address, insider tip, the three know-before lines, and the website where it is not a public link too.
        featuredSpots.reduce((n, spot) => n + (spot.website && !publicLinks.has(spot.website) ? 8 : 7), 0),
      );
    }
  });

  it('the home page HTML carries no members-only spot for a visitor who is not signed in', async () => {
    const premium = seeded
      .filter((spot) => spot.category === PREMIUM_SPOT_CATEGORY)
      .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.id - b.id)
      .slice(0, PREMIUM_SPOTS_SHOWN);
    // Featured spots are previewed in full on the home page anyway; the others must not be there.
    const membersOnly = premium.filter((spot) => !spot.featured);
    expect(membersOnly.length).toBeGreaterThan(0);
    const html = await (await server.fetch('/', { headers: NAVIGATION })).text();
    expect(premiumLeaks(html, membersOnly)).toEqual([]);
    for (const spot of membersOnly) expect(readable(html), spot.name).not.toContain(spot.description.slice(0, 60));
  });
});

describe('the free-view meter', () => {
  it.each([
    ['an embedded database', 1],
    ['an embedded database', 2],
    ['a libSQL server', 1],
    ['a libSQL server', 2],
    ['a libSQL server', 3],
    ['a libSQL server', 4],
  ] as const)('on %s, trial %i: 40 views at once to 40 spots from an email holder at 0 → exactly 3 succeed, 37 get 402', async (where, trial) => {
    const target = where === 'a libSQL server' ? remoteServer : server;
    const jar = await emailHolder(`meter.race.${trial}@example.com`, target);
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => post(`/api/spots/${i + 1}/view`, jar, undefined, target)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FREE_SPOT_VIEWS);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40 - FREE_SPOT_VIEWS);
    const refused = await responses.find((r) => r.status === 402)!.json();
    expect(refused.message).toMatch(/free spot views/);
  });

  it('re-opening a spot already opened uses no free view and stays allowed after the meter ran out', async () => {
    const jar = await emailHolder('reopens@example.com');
    const before = (await db.select().from(spots).where(eq(spots.id, 20)))[0]!;
    const first = await post('/api/spots/20/view', jar);
    expect(await first.json()).toMatchObject({ counted: true, viewCount: before.viewCount + 1 });
    const again = await post('/api/spots/20/view', jar);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ counted: false, viewCount: before.viewCount + 1, spot: { mapsUrl: before.mapsUrl } });
    // Two more spots use the other two free views; the fourth different spot is refused.
    expect((await post('/api/spots/21/view', jar)).status).toBe(200);
    expect((await post('/api/spots/22/view', jar)).status).toBe(200);
    expect((await post('/api/spots/23/view', jar)).status).toBe(402);
    const reopened = await post('/api/spots/20/view', jar);
    expect(reopened.status).toBe(200);
    expect((await reopened.json()).spot.description).toBe(before.description);

    const parallel = await Promise.all(Array.from({ length: 20 }, () => post('/api/spots/21/view', jar)));
    expect(parallel.map((r) => r.status)).toEqual(Array(20).fill(200));
  });

  it('an unknown spot is 404 for a locked visitor too, and writes nothing', async () => {
    const jar = await emailHolder('missing.spot@example.com');
    for (let id = 1; id <= FREE_SPOT_VIEWS; id++) await post(`/api/spots/${id}/view`, jar);
    const missing = await post('/api/spots/999999/view', jar);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Spot not found' });
  });
});
