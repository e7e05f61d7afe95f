import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots, type Spot } from '../../db/schema';
import { SpotBySlugSchema, expectContract } from '../support/contracts';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: Database;
let mission: Spot;

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase({ url: server.databaseUrl });
  mission = (await db.select().from(spots).where(eq(spots.name, 'The Mission')))[0]!;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const NAVIGATION = { accept: 'text/html' };
const decode = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function page(path: string, jar = new CookieJar()) {
  const response = await server.fetch(path, { headers: { ...NAVIGATION, cookie: jar.header() } });
  jar.store(response);
  return { status: response.status, html: decode(await response.text()), headers: response.headers };
}

// JSON-LD is checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function jsonLd(html: string): Record<string, any> {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(match, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('a spot page', () => {
  it('has its own address, the practical facts and structured data', async () => {
    expect(mission.slug).toBe('the-mission');
    const { status, html, headers } = await page('/spots/the-mission');
    expect(status).toBe(200);
    // The same for every visitor without a meter: shared, revalidated, and keyed on the cookies.
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('vary')).toMatch(/Cookie/);
    expect(html).toMatch(/<h1[^>]*>The Mission<\/h1>/);
    expect(html).toContain(mission.hook!);
    expect(html).toContain(mission.neighbourhood!);
    expect(html).toContain('$$$');
    expect(html).toContain(mission.address!);
    expect(html).toContain(mission.insiderTip!);
    expect(html).toContain(mission.knowBefore!.parking);
    expect(html).toMatch(/(Open now · closes|Closed)/);
    expect(html).toContain('<link rel="canonical" href="http://');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/spots\/the-mission"/);
    expect(html).toContain('<meta property="og:title" content="The Mission"');
    const ld = jsonLd(html);
    // A WebPage about the restaurant; a crawler (no email) reads the premium part, so no paywall markup.
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      mainEntity: {
        '@type': 'Restaurant',
        name: 'The Mission',
        geo: { '@type': 'GeoCoordinates', latitude: mission.latitude, longitude: mission.longitude },
        priceRange: '$$$',
      },
    });
    expect(ld.isAccessibleForFree).toBeUndefined();
    expect(ld.hasPart).toBeUndefined();
    expect(ld.mainEntity.isAccessibleForFree).toBeUndefined();
    expect(ld.mainEntity.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(html).toContain('class="spot-premium"');
  });

  it('lists the 3 closest other spots, closest first', async () => {
    const { html } = await page('/spots/the-mission');
    const nearby = [...html.matchAll(/<h3[^>]*>\s*<a href="\/spots\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(nearby).toHaveLength(3);
    expect(nearby).not.toContain('the-mission');
  });

  it('counts as a spot view (the one its script posts), once per visitor and day', async () => {
    const jar = new CookieJar();
    const before = (await db.select().from(spots).where(eq(spots.id, mission.id)))[0]!.viewCount;
    for (let open = 0; open < 2; open++) {
      expect((await page('/spots/the-mission', jar)).html).toContain(`data-spot-id="${mission.id}" data-post-view`);
      const view = await server.fetch(`/api/spots/${mission.id}/view`, { method: 'POST', headers: { origin: server.url, cookie: jar.header() } });
      expect(view.status).toBe(200);
      jar.store(view);
    }
    const after = (await db.select().from(spots).where(eq(spots.id, mission.id)))[0]!.viewCount;
    expect(after).toBe(before + 1);
  });

  it('unknown or malformed slugs get the 404 page with status 404', async () => {
    for (const path of ['/spots/no-such-spot', '/spots/NOT%20A%20SLUG', `/spots/${'a'.repeat(300)}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('404 Page Not Found');
    }
  });

  it('after the free views, the premium part is replaced by the offer; names and pictures stay', async () => {
    const jar = new CookieJar();
    const claim = await server.fetch('/api/create-subscription', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'spot.page.reader@example.com' }),
    });
    jar.store(claim);
    const others = await db.select().from(spots).limit(4);
    for (const spot of others.filter((s) => s.id !== mission.id).slice(0, 3)) expect((await page(`/spots/${spot.slug}`, jar)).status).toBe(200);
    const { status, html } = await page('/spots/the-mission', jar);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>The Mission<\/h1>/);
    expect(html).toContain(mission.hook!);
    expect(html).toContain("Unlock The Mission's full guide");
    expect(html).toContain('30-day money-back guarantee');
    for (const premium of [
      mission.address!,
      mission.insiderTip!,
      mission.knowBefore!.parking,
      mission.knowBefore!.bring,
      mission.mapsUrl,
      mission.description.slice(100),
    ]) {
      expect(html).not.toContain(premium);
    }
    expect(html).not.toContain('class="spot-premium"');
    const ld = jsonLd(html);
    expect(JSON.stringify(ld)).not.toContain(mission.address!.split(',')[0]!);
    // The paywall markup is for what search engines find locked, and they never are.
    expect(ld.isAccessibleForFree).toBeUndefined();
  });

  it('is listed in the sitemap', async () => {
    const xml = await (await server.fetch('/sitemap.xml')).text();
    expect(xml).toMatch(/<loc>[^<]*\/spots\/the-mission<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/spots\/toms-thumb-trail<\/loc>/);
  });
});

describe('GET /api/spots/by-slug/{slug}', () => {
  const read = (slug: string, jar = new CookieJar()) => server.fetch(`/api/spots/by-slug/${slug}`, { headers: { cookie: jar.header() } });

  it('answers the spot as its page shows it, its opening status and the same 3 nearby spots, without counting a view', async () => {
    const before = (await db.select().from(spots).where(eq(spots.id, mission.id)))[0]!.viewCount;
    const response = await read('the-mission');
    expect(response.status).toBe(200);
    const body = expectContract(SpotBySlugSchema, await response.json());
    expect(body.spot).toMatchObject({
      id: mission.id,
      slug: 'the-mission',
      name: 'The Mission',
      hook: mission.hook,
      insiderTip: mission.insiderTip,
      address: mission.address,
    });
    expect(body.spot.opening?.label).toMatch(/^(Open now · closes|Closed)/);
    expect(body.spot.opening?.open).toBe(body.spot.opening!.label.startsWith('Open now'));
    const { html } = await page('/spots/the-mission');
    const onPage = [...html.matchAll(/<h3[^>]*>\s*<a href="\/spots\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(body.nearby.map((n) => n.slug)).toEqual(onPage);
    expect(body.nearby.map((n) => n.miles)).toEqual([...body.nearby.map((n) => n.miles)].sort((a, b) => a - b));
    const after = (await db.select().from(spots).where(eq(spots.id, mission.id)))[0]!.viewCount;
    expect(after).toBe(before); // neither the page (its script posts the view) nor the API read counted
  });

  it('trails without set hours say so: sunrise to sunset is an opening status too', async () => {
    const body = expectContract(SpotBySlugSchema, await (await read('toms-thumb-trail')).json());
    expect(body.spot.opening).not.toBeNull();
    expect(body.spot.category).toBe('hike');
  });

  it('404 for an unknown slug, 400 naming the slug for a malformed one, 405 for other methods', async () => {
    const missing = await read('no-such-spot');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Spot not found' });
    const malformed = await read('NOT_A_SLUG');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/slug/i);
    const posted = await server.fetch('/api/spots/by-slug/the-mission', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(posted.status).toBe(405);
  });
});
