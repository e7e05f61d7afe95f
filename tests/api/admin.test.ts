import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots, userSuggestions } from '../../db/schema';
import {
  AddedSpotSchema,
  DecidedSuggestionSchema,
  FeaturedSpotsSchema,
  PendingSuggestionsSchema,
  SpotsPageSchema,
  SubmittedSuggestionSchema,
  expectContract,
} from '../support/contracts';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'saguaro-sunset-2024';
let server: TestServer;
let db: Database;
const admin = new CookieJar();

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: 'admin-tests-session-secret-long-enough-0000' } });
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

async function call(method: string, path: string, body?: unknown, jar?: CookieJar) {
  const response = await server.fetch(path, {
    method,
    headers: { origin: server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar ? { cookie: jar.header() } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar?.store(response);
  return response;
}

describe('POST /api/admin/auth', () => {
  it('the right password starts an httpOnly, SameSite=Strict session', async () => {
    const response = await call('POST', '/api/admin/auth', { password: PASSWORD }, admin);
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/admin_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=\d+/);
  });
  it('a missing password is a 400 "Password is required"', async () => {
    const response = await call('POST', '/api/admin/auth', { password: '' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/Password is required/);
  });
});

describe('admin endpoints need the admin session', () => {
  it.each([
    ['POST', '/api/spots', { name: 'x' }],
    ['GET', '/api/suggestions/pending', undefined],
    ['POST', '/api/suggestions/1/approve', undefined],
    ['POST', '/api/suggestions/1/reject', undefined],
  ] as const)('%s %s is 401 without it, and with a forged cookie', async (method, path, body) => {
    expect((await call(method, path, body)).status).toBe(401);
    const forged = new CookieJar();
    forged.store(new Response(null, { headers: { 'set-cookie': 'admin_session=admin:99999999999999.bm90LWEtc2lnbmF0dXJl' } }));
    const response = await call(method, path, body, forged);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe('Admin sign-in required.');
  });
});

describe('suggestions', () => {
  it('a valid suggestion is stored, with an empty link and name as null', async () => {
    const response = await call('POST', '/api/suggestions', {
      spotName: 'Quiet Courtyard Café',
      description: 'Shaded courtyard, great cortado.',
      link: '',
      submitterName: '',
    });
    expect(response.status).toBe(201);
    const saved = expectContract(SubmittedSuggestionSchema, await response.json());
    expect(saved).toMatchObject({ spotName: 'Quiet Courtyard Café', link: null, submitterName: null, status: 'pending' });
  });

  it.each([
    [{ spotName: 'Nine Chars', description: '123456789' }, { description: 'Description must be at least 10 characters' }],
    [{ spotName: '', description: 'Long enough description' }, { spotName: 'Spot name is required' }],
    [{ spotName: 'X', description: 'Long enough description', link: 'nope' }, { link: 'Must be a valid URL' }],
  ])('rejects %j with field messages and stores nothing', async (body, fields) => {
    const before = (await db.select().from(userSuggestions)).length;
    const response = await call('POST', '/api/suggestions', body);
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual(fields);
    expect((await db.select().from(userSuggestions)).length).toBe(before);
  });

  it('approve and reject remove a suggestion from the pending list; deciding twice is a 409', async () => {
    const a = expectContract(
      SubmittedSuggestionSchema,
      await (await call('POST', '/api/suggestions', { spotName: 'Approve Me', description: 'A worthy local spot.' })).json(),
    );
    const r = expectContract(
      SubmittedSuggestionSchema,
      await (await call('POST', '/api/suggestions', { spotName: 'Reject Me', description: 'Not quite there yet.' })).json(),
    );
    const pending = expectContract(PendingSuggestionsSchema, await (await call('GET', '/api/suggestions/pending', undefined, admin)).json());
    expect(pending.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, r.id]));
    expect(Object.keys(pending[0]!).sort()).toEqual(['createdAt', 'description', 'id', 'link', 'spotName', 'submitterName']);

    const approved = await call('POST', `/api/suggestions/${a.id}/approve`, undefined, admin);
    expect(approved.status).toBe(200);
    expect(expectContract(DecidedSuggestionSchema, await approved.json())).toMatchObject({ id: a.id, status: 'approved' });
    const rejected = await call('POST', `/api/suggestions/${r.id}/reject`, undefined, admin);
    expect(rejected.status).toBe(200);
    expect(expectContract(DecidedSuggestionSchema, await rejected.json())).toMatchObject({ id: r.id, status: 'rejected' });
    const after = expectContract(PendingSuggestionsSchema, await (await call('GET', '/api/suggestions/pending', undefined, admin)).json());
    expect(after.some((s) => s.id === a.id || s.id === r.id)).toBe(false);

    const twice = await call('POST', `/api/suggestions/${a.id}/reject`, undefined, admin);
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe('This suggestion was already approved.');
    expect((await db.select().from(userSuggestions).where(eq(userSuggestions.id, a.id)))[0]!.status).toBe('approved');
    expect((await call('POST', '/api/suggestions/999999/approve', undefined, admin)).status).toBe(404);
    expect((await call('POST', '/api/suggestions/abc/approve', undefined, admin)).status).toBe(400);
  });

  it('approving a suggestion that names an existing spot (any case) adds one local recommendation', async () => {
    const [spot] = await db.select().from(spots).where(eq(spots.id, 6));
    const s = await (await call('POST', '/api/suggestions', { spotName: spot!.name.toUpperCase(), description: 'Locals keep telling us about it.' })).json();
    await call('POST', `/api/suggestions/${s.id}/approve`, undefined, admin);
    expect((await db.select().from(spots).where(eq(spots.id, 6)))[0]!.suggestionCount).toBe(spot!.suggestionCount + 1);
    await call('POST', `/api/suggestions/${s.id}/approve`, undefined, admin);
    expect((await db.select().from(spots).where(eq(spots.id, 6)))[0]!.suggestionCount).toBe(spot!.suggestionCount + 1);
  });
});

describe('POST /api/spots (admin): the spot page facts', () => {
  const base = {
    name: 'Copper Ledge',
    category: 'hike',
    description: 'A short scramble to a copper-coloured ledge above the preserve.',
    imageUrl: 'https://images.example.com/ledge.webp',
    mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Copper%20Ledge',
  };

  it('stores them, makes a unique slug from the name and serves the page', async () => {
    const full = {
      ...base,
      neighbourhood: 'North Scottsdale',
      address: '18333 N Thompson Peak Pkwy, Scottsdale, AZ 85255',
      latitude: '33.65',
      longitude: '-111.86',
      priceLevel: '',
      hook: 'A copper ledge with the whole preserve below',
      knowBefore: { bestTime: 'An hour after sunrise', parking: 'Gateway trailhead lot', bring: 'Two liters of water' },
      insiderTip: 'Take the left fork at the saddle for the quieter way up.',
      hours: { kind: 'weekly', rules: [{ days: [0, 2, 3, 4, 5, 6], open: '06:00', close: '19:00' }] },
    };
    const first = await call('POST', '/api/spots', full, admin);
    expect(first.status).toBe(201);
    const spot = expectContract(AddedSpotSchema, await first.json());
    expect(spot).toMatchObject({
      slug: 'copper-ledge',
      latitude: 33.65,
      longitude: -111.86,
      priceLevel: null,
      featured: 0,
      hook: full.hook,
      knowBefore: full.knowBefore,
    });
    expect(spot.hours).toEqual(full.hours);
    const second = expectContract(AddedSpotSchema, await (await call('POST', '/api/spots', base, admin)).json());
    expect(second).toMatchObject({ slug: 'copper-ledge-2', neighbourhood: null, hours: null, knowBefore: null });
    const page = await server.fetch('/spots/copper-ledge', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('A copper ledge with the whole preserve below');
    expect(html).toContain('Take the left fork at the saddle');
    expect((await server.fetch('/spots/copper-ledge-2', { headers: { accept: 'text/html' } })).status).toBe(200);
  });
});

describe('POST /api/spots (admin)', () => {
  const valid = {
    name: 'Sunset Rooftop Tacos',
    category: 'food',
    description: 'Carnitas tacos with a view of the McDowells at dusk.',
    imageUrl: 'https://images.example.com/rooftop.webp',
    thumbnailUrl: '',
    mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Sunset%20Rooftop%20Tacos',
    website: '',
    featured: 1,
    tags: ['New', 'Date Night'],
  };

  it('adds a spot that shows up in the listing and featured spots right away', async () => {
    const response = await call('POST', '/api/spots', valid, admin);
    expect(response.status).toBe(201);
    const spot = expectContract(AddedSpotSchema, await response.json());
    expect(spot).toMatchObject({ name: valid.name, thumbnailUrl: null, website: null, featured: 1, tags: ['New', 'Date Night'], viewCount: 0 });
    const newest = expectContract(SpotsPageSchema, await (await server.fetch('/api/spots?sort=newest')).json());
    expect(newest.spots[0]!.id).toBe(spot.id);
    const featured = expectContract(FeaturedSpotsSchema, await (await server.fetch('/api/spots/featured')).json());
    expect(featured.some((s) => s.id === spot.id)).toBe(true);
  });

  it.each([
    [{ category: 'brunch' }, 'category'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    [{ mapsUrl: '' }, 'mapsUrl'],
    [{ name: '  ' }, 'name'],
    [{ tags: ['Cheap'] }, 'tags'],
    [{ latitude: '33.5' }, 'longitude'],
    [{ latitude: 'north', longitude: '-111.9' }, 'latitude'],
    [{ priceLevel: 5 }, 'priceLevel'],
    [{ hook: 'x'.repeat(91) }, 'hook'],
    [{ knowBefore: { bestTime: 'Dusk', parking: '', bring: 'Water' } }, 'knowBefore'],
    [{ hours: { kind: 'weekly', rules: [{ days: [1], open: '25:00', close: '02:00' }] } }, 'hours'],
    [{ hours: { kind: 'weekly', rules: [{ days: [], open: '10:00', close: '14:00' }] } }, 'hours'],
  ])('rejects %j and stores nothing', async (change, field) => {
    const before = (await db.select().from(spots)).length;
    const response = await call('POST', '/api/spots', { ...valid, ...change }, admin);
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toHaveProperty(field);
    expect((await db.select().from(spots)).length).toBe(before);
  });
});

describe('brute force', () => {
  it('the 6th wrong password in a minute is a 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('POST', '/api/admin/auth', { password: `wrong-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await call('POST', '/api/admin/auth', { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('without ADMIN_PASSWORD', () => {
  it('admin sign-in answers 503 with a clear message', async () => {
    const bare = await startTestServer();
    try {
      const response = await bare.fetch('/api/admin/auth', {
        method: 'POST',
        headers: { origin: bare.url, 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'anything-at-all' }),
      });
      expect(response.status).toBe(503);
      expect((await response.json()).message).toBe('Admin access is not configured on this server: set ADMIN_PASSWORD.');
    } finally {
      await bare.stop();
    }
  });
});
