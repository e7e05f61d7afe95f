import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { openDatabase, type Database } from '../../db/client';
import { spots, trips } from '../../db/schema';
import { GUEST_DAYS_MESSAGE, GUEST_TRIPS_MESSAGE } from '../../src/lib/trip/input';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { checkoutFrom } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';
import { stripeEnv } from '../support/stripe-env';

const MONTHLY = 'price_test_monthly';
let stripe: FakeStripe;
let server: TestServer;
let db: Database;
const ids = new Map<string, number>();

const SAVED = [
  'Pinnacle Peak Trail',
  'FnB',
  'Old Town Scottsdale Farmers Market',
  'Rusty Spur Saloon',
  'Taliesin West',
  'Cattle Track Arts Compound',
  'Knight Rise Skyspace at SMoCA',
  'Gateway Loop Trail',
];
const OLD_TOWN = { label: 'Old Town', latitude: 33.4942, longitude: -111.9261 };

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299 } });
  server = await startTestServer({ env: stripeEnv(stripe, [MONTHLY]) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  for (const row of await db.select({ id: spots.id, name: spots.name }).from(spots).where(inArray(spots.name, SAVED))) ids.set(row.name, row.id);
  expect([...ids.keys()].sort()).toEqual([...SAVED].sort());
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

function browser(jar = new CookieJar()) {
  async function call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') headers.origin = server.url;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jar.header()) headers.cookie = jar.header();
    const response = await server.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    jar.store(response);
    const text = await response.text();
    // Trip bodies are checked field by field below.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, text, body: (text.startsWith('{') ? JSON.parse(text) : null) as any };
  }
  return { jar, call };
}

const julyTrip = (extra: Record<string, unknown> = {}) => ({
  title: 'July long weekend',
  startDay: '2026-07-05', // a Sunday
  dayCount: 3,
  pace: 'full',
  base: OLD_TOWN,
  items: SAVED.map((name) => ({ type: 'spot', id: ids.get(name)! })),
  ...extra,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stopOf = (trip: any, name: string) => {
  for (const day of trip.days) for (const stop of day.stops) if (stop.name === name) return { day: day.day as string, stop };
  return null;
};

describe('a member plans a trip from saved spots', () => {
  let member: ReturnType<typeof browser>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let trip: any;

  beforeAll(async () => {
    const { jar } = await checkoutFrom(server, stripe, 'planner@example.com', '/trips');
    member = browser(jar);
    const created = await member.call('POST', '/api/trips', julyTrip());
    expect(created.status).toBe(201);
    trip = created.body.trip;
  });

  it('puts the hike before 9 AM, never the restaurant closed Sunday and Monday on either, and reports the market out of season', () => {
    const hike = stopOf(trip, 'Pinnacle Peak Trail')!;
    expect(hike.stop.start).toBeLessThanOrEqual(9 * 60);
    expect(hike.stop.warnings).toEqual([]);
    const fnb = stopOf(trip, 'FnB')!;
    expect(fnb.day).toBe('2026-07-07');
    expect(trip.unplaced).toContainEqual({
      key: `spot:${ids.get('Old Town Scottsdale Farmers Market')}`,
      name: 'Old Town Scottsdale Farmers Market',
      reason: 'Out of season on your dates (open Oct 1 – May 31)',
      href: '/spots/old-town-scottsdale-farmers-market',
    });
    expect(trip.days.map((d: { day: string }) => d.day)).toEqual(['2026-07-05', '2026-07-06', '2026-07-07']);
    for (const day of trip.days) for (const stop of day.stops) expect(stop.warnings, stop.name).toEqual([]);
  });

  it('shows public facts only: no premium field reaches the plan', () => {
    expect(JSON.stringify(trip)).not.toMatch(/insiderTip|knowBefore|"address"|mapsUrl/);
  });

  it('re-flows times when a stop is moved, keeping the reader’s order, and refuses a stale version', async () => {
    const day = trip.days.find((d: { stops: unknown[] }) => d.stops.length >= 2);
    const keys = day.stops.map((s: { key: string }) => s.key);
    const swapped = [keys[1], keys[0], ...keys.slice(2)];
    const layout = {
      days: trip.days.map((d: { day: string; stops: { key: string }[] }) => ({ day: d.day, keys: d.day === day.day ? swapped : d.stops.map((s) => s.key) })),
      pins: {},
    };
    const moved = await member.call('PATCH', `/api/trips/${trip.id}`, { version: trip.version, layout });
    expect(moved.status).toBe(200);
    const after = moved.body.trip.days.find((d: { day: string }) => d.day === day.day);
    expect(after.stops.map((s: { key: string }) => s.key)).toEqual(swapped);
    expect(moved.body.trip.arranged).toBe(true);
    expect(moved.body.trip.version).toBe(trip.version + 1);
    const stale = await member.call('PATCH', `/api/trips/${trip.id}`, { version: trip.version, layout: null });
    expect(stale.status).toBe(409);
    trip = moved.body.trip;
  });

  it('flags a stop pinned past closing', async () => {
    const fnb = stopOf(trip, 'FnB')!;
    const layout = {
      days: trip.days.map((d: { day: string; stops: { key: string }[] }) => ({ day: d.day, keys: d.stops.map((s) => s.key) })),
      pins: { [fnb.stop.key]: 21 * 60 + 30 },
    };
    const pinned = await member.call('PATCH', `/api/trips/${trip.id}`, { version: trip.version, layout });
    expect(pinned.status).toBe(200);
    const stop = stopOf(pinned.body.trip, 'FnB')!.stop;
    expect(stop.pinned).toBe(true);
    expect(stop.startLabel).toBe('9:30 PM');
    expect(stop.warnings).toContain('Closes at 10:00 PM: the visit runs past closing');
    trip = pinned.body.trip;
  });

  it('exports an .ics with one event per stop, each at its planned time', async () => {
    const file = await member.call('GET', `/api/trips/${trip.id}/calendar`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const vevents = Object.values(ical.sync.parseICS(file.text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    const stops = trip.days.flatMap((d: { stops: unknown[] }) => d.stops);
    expect(vevents).toHaveLength(stops.length);
    const hike = stopOf(trip, 'Pinnacle Peak Trail')!;
    const event = vevents.find((v) => String(v.summary) === 'Pinnacle Peak Trail')!;
    expect(new Date(event.start).toISOString()).toBe(new Date(Date.parse(`${hike.day}T00:00:00Z`) + (hike.stop.start + 7 * 60) * 60_000).toISOString());
    expect(String(event.description)).toContain('https://www.google.com/maps/search/?api=1&query=');
  });

  it('adds a spot from its page or the Saved list into the arranged plan, and refuses the same spot twice with nothing changed', async () => {
    const [hashKitchen] = await db.select({ id: spots.id }).from(spots).where(eq(spots.name, 'Hash Kitchen'));
    const key = `spot:${hashKitchen!.id}`;
    const items = [...trip.items, { type: 'spot', id: hashKitchen!.id }];
    const added = await member.call('PATCH', `/api/trips/${trip.id}`, { version: trip.version, items });
    expect(added.status).toBe(200);
    expect(added.body.trip.version).toBe(trip.version + 1);
    expect(added.body.trip.items).toEqual(items);
    expect(added.body.trip.arranged).toBe(true);
    expect(stopOf(added.body.trip, 'Hash Kitchen')!.stop.key).toBe(key);
    // The reader's arrangement and pinned time are kept around the new stop.
    expect(stopOf(added.body.trip, 'FnB')!.stop.startLabel).toBe('9:30 PM');

    const twice = await member.call('PATCH', `/api/trips/${trip.id}`, { version: added.body.trip.version, items: [...items, { type: 'spot', id: hashKitchen!.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Each stop is in a trip once.');
    const [row] = await db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row!.version).toBe(added.body.trip.version);
    expect(row!.items).toEqual(items);
    trip = added.body.trip;
  });

  it('shares a read-only link another browser can open, and turning it off ends it at once', async () => {
    const shared = await member.call('POST', `/api/trips/${trip.id}/share`);
    expect(shared.status).toBe(200);
    const link = new URL(shared.body.url);
    expect(link.pathname).toMatch(/^\/trips\/[A-Za-z0-9_-]{43}$/);
    const again = await member.call('POST', `/api/trips/${trip.id}/share`);
    expect(again.body.url).toBe(shared.body.url);

    const friend = browser();
    const page = await friend.call('GET', link.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('July long weekend');
    expect(page.text).toContain('Pinnacle Peak Trail');
    expect(page.text).toContain('<meta name="robots" content="noindex"');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await friend.call('GET', `${link.pathname}.ics`)).status).toBe(200);
    // A friend with the link still cannot change or read the trip through the API.
    expect((await friend.call('GET', `/api/trips/${trip.id}`)).status).toBe(404);
    expect((await friend.call('PATCH', `/api/trips/${trip.id}`, { version: trip.version, title: 'Mine now' })).status).toBe(404);
    expect((await friend.call('DELETE', `/api/trips/${trip.id}`)).status).toBe(404);

    expect((await member.call('DELETE', `/api/trips/${trip.id}/share`)).status).toBe(204);
    const gone = await friend.call('GET', link.pathname);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('This trip link does not work (any more)');
    expect((await friend.call('GET', `${link.pathname}.ics`)).status).toBe(404);
    expect((await friend.call('GET', '/trips/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
  });

  it('plans as many trips as a member likes', async () => {
    const second = await member.call('POST', '/api/trips', julyTrip({ title: 'Winter weekend', startDay: '2026-12-05', dayCount: 2 }));
    expect(second.status).toBe(201);
    // In December the market is in season and open on the Saturday.
    expect(stopOf(second.body.trip, 'Old Town Scottsdale Farmers Market')?.day).toBe('2026-12-05');
    const list = await member.call('GET', '/api/trips');
    expect(list.body.member).toBe(true);
    expect(list.body.trips.map((t: { title: string }) => t.title)).toEqual(['Winter weekend', 'July long weekend']);
  });
});

describe('a visitor who is not a member', () => {
  it('plans one day, once, and is shown the membership for more', async () => {
    const guest = browser();
    const long = await guest.call('POST', '/api/trips', julyTrip());
    expect(long.status).toBe(402);
    expect(long.body).toEqual({ message: GUEST_DAYS_MESSAGE });
    const day = await guest.call('POST', '/api/trips', julyTrip({ dayCount: 1 }));
    expect(day.status).toBe(201);
    expect(day.body.trip.days).toHaveLength(1);
    const longer = await guest.call('PATCH', `/api/trips/${day.body.trip.id}`, { version: day.body.trip.version, dayCount: 2 });
    expect(longer.status).toBe(402);
    const second = await guest.call('POST', '/api/trips', julyTrip({ dayCount: 1, title: 'Another' }));
    expect(second.status).toBe(402);
    expect(second.body).toEqual({ message: GUEST_TRIPS_MESSAGE });
  });

  it('keeps a guest’s trip with their browser, and gives it to them when they sign in', async () => {
    const guest = browser();
    const day = await guest.call('POST', '/api/trips', julyTrip({ dayCount: 1, title: 'Before signing in' }));
    expect(day.status).toBe(201);
    const [row] = await db.select().from(trips).where(eq(trips.id, day.body.trip.id));
    expect(row!.ownerUserId).toBeNull();
    expect(row!.ownerVisitor).not.toBeNull();
    expect((await browser().call('GET', '/api/trips')).body.trips).toEqual([]);

    await guest.call('GET', '/api/session');
    expect((await guest.call('POST', '/api/session', { email: 'traveller@example.com', password: 'x' })).status).toBe(200);
    const list = await guest.call('GET', '/api/trips');
    expect(list.body.trips.map((t: { title: string }) => t.title)).toEqual(['Before signing in']);
    const [claimed] = await db.select().from(trips).where(eq(trips.id, day.body.trip.id));
    expect(claimed!.ownerUserId).not.toBeNull();
    expect(claimed!.ownerVisitor).toBeNull();
  });
});

describe('bad input changes nothing', () => {
  it('answers each with a clear message', async () => {
    const guest = browser();
    const cases: [unknown, RegExp][] = [
      [julyTrip({ dayCount: 8 }), /at most 7 days/],
      [julyTrip({ startDay: '2026-02-30' }), /That date does not exist/],
      [julyTrip({ title: '' }), /Give the trip a name/],
      [julyTrip({ base: { label: 'Paris', latitude: 48.85, longitude: 2.35 } }), /Scottsdale area/],
      [
        julyTrip({
          items: [
            { type: 'spot', id: 1 },
            { type: 'spot', id: 1 },
          ],
        }),
        /Each stop is in a trip once/,
      ],
      [julyTrip({ pace: 'fast' }), /Pace is relaxed or full/],
    ];
    const before = (await db.select().from(trips)).length;
    for (const [body, message] of cases) {
      const answer = await guest.call('POST', '/api/trips', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await db.select().from(trips)).length).toBe(before);
  });
});
