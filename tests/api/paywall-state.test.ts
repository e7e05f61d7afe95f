import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { stripeEnv } from '../support/stripe-env';

let stripe: FakeStripe;
let server: TestServer;
let slugs: { id: number; slug: string }[];

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: stripeEnv(stripe) });
  const db = openDatabase({ url: server.databaseUrl });
  slugs = await db.select({ id: spots.id, slug: spots.slug }).from(spots).orderBy(asc(spots.id));
  db.$client.close();
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

/** HTML as a person reads it: the entities the renderer writes undone. */
const readable = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function send(path: string, jar: CookieJar, method = 'POST', body?: unknown): Promise<Response> {
  const response = await server.fetch(path, {
    method,
    headers: { origin: server.url, cookie: jar.header(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  jar.store(response);
  return response;
}

async function read(path: string, jar: CookieJar): Promise<{ status: number; cache: string | null; html: string }> {
  const response = await server.fetch(path, { headers: { cookie: jar.header(), accept: 'text/html' } });
  jar.store(response);
  return { status: response.status, cache: response.headers.get('cache-control'), html: readable(await response.text()) };
}

const meter = async (jar: CookieJar) => {
  const response = await server.fetch('/api/paywall', { headers: { cookie: jar.header() } });
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return response.json();
};

describe('GET /api/paywall: the meter as the server judges it', () => {
  it('a visitor the server knows no email of is never metered, whatever the browser stores', async () => {
    const response = await server.fetch('/api/paywall');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ metered: false, freeViewsLeft: null, locked: false });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers only GET', async () => {
    const response = await send('/api/paywall', new CookieJar());
    expect(response.status).toBe(405);
  });
});

describe('one paywall state on every page, told early', () => {
  it('an email holder is told "N of 3 free spots left" on /spots and spot pages, then every page shows the lock', async () => {
    const jar = new CookieJar();
    expect((await send('/api/create-subscription', jar, 'POST', { email: 'meter.reader@example.com' })).status).toBe(200);
    expect(await meter(jar)).toEqual({ metered: true, freeViewsLeft: 3, locked: false });

    const list = await read('/spots', jar);
    expect(list.html).toContain('3 of 3 free spots left');
    // The count is this visitor's own: no shared cache may keep the page.
    expect(list.cache).toMatch(/\bprivate\b/);

    // Opening a spot page counts it; the page tells what is left after it.
    const first = await read(`/spots/${slugs[0]!.slug}`, jar);
    expect(first.status).toBe(200);
    expect(first.html).toContain('2 of 3 free spots left');
    expect(await meter(jar)).toEqual({ metered: true, freeViewsLeft: 2, locked: false });

    expect((await send(`/api/spots/${slugs[1]!.id}/view`, jar)).status).toBe(200);
    expect((await read('/spots', jar)).html).toContain('1 of 3 free spots left');
    expect((await read('/', jar)).html).toContain('1 of 3 free spots left');

    expect((await send(`/api/spots/${slugs[2]!.id}/view`, jar)).status).toBe(200);
    expect(await meter(jar)).toEqual({ metered: true, freeViewsLeft: 0, locked: true });

    // Locked: the server-rendered pages already carry the lock, with no help from the browser.
    const banner = "You've used your 3 free spot views";
    const locked = await read('/spots', jar);
    expect(locked.html).toContain(banner);
    expect(locked.html).toContain('spot-card--locked');
    expect(locked.html).not.toContain('free spots left');
    const home = await read('/', jar);
    expect(home.html).toContain(banner);
    expect(home.cache).toMatch(/\bprivate\b/);
    const launch = await read('/launch', jar);
    expect(launch.html).toContain(banner);
    const unopened = await read(`/spots/${slugs[3]!.slug}`, jar);
    expect(unopened.html).toContain('Unlock');
    expect(unopened.html).toContain('full guide');
    expect(unopened.html).not.toContain('data-free-spots-left');
    // A spot opened before stays open, and says the meter has run out.
    const reopened = await read(`/spots/${slugs[0]!.slug}`, jar);
    expect(reopened.html).toContain('0 of 3 free spots left');
    expect(reopened.html).not.toContain('offer-heading');
  });

  it('a visitor without an email sees no meter anywhere', async () => {
    const jar = new CookieJar();
    for (const path of ['/spots', '/', `/spots/${slugs[0]!.slug}`]) {
      const page = await read(path, jar);
      expect(page.html, path).not.toContain('free spots left');
      expect(page.html, path).not.toContain("You've used your 3 free spot views");
    }
  });
});
