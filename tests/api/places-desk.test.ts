import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, places, spots } from '../../db/schema';
import { parseCsv, toCsv } from '../../src/lib/csv';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'places-desk-password-ironwood';
let server: TestServer;
let db: Database;
const owner = new CookieJar();

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  db = openDatabase({ url: server.databaseUrl });
  const response = await call('POST', '/api/admin/auth', { password: PASSWORD });
  expect(response.status).toBe(200);
  owner.store(response);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

function call(method: string, path: string, body?: unknown) {
  return server.fetch(path, {
    method,
    headers: { origin: server.url, 'content-type': 'application/json', cookie: owner.header() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const sendCsv = (csv: string, confirm: boolean) => call('POST', '/api/admin/places/import', { csv, confirm });
type PublicPlace = { id: number; name: string; spotSlug: string | null; reservationAvailable: boolean; reservationUrl: string | null };
const restaurants = async (): Promise<PublicPlace[]> => (await server.fetch('/api/top-restaurants')).json();
const activities = async (): Promise<PublicPlace[]> => (await server.fetch('/api/top-activities')).json();
const placeCount = async () => (await db.select({ n: count() }).from(places))[0]!.n;
const exported = async () => {
  const response = await call('GET', '/api/admin/places/export');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return response.text();
};

const base = {
  kind: 'restaurant',
  rating: 4.2,
  location: 'Old Town Scottsdale',
  tags: ['Patio'],
  link: 'https://example.com/desk-cafe',
  image: '/images/places/desk-cafe.svg',
  priceRange: '$$',
  openingStatus: '',
  reviewCount: '12 reviews',
  highlight: 'Good coffee',
};

describe('one record: a place that is also a spot', () => {
  it('links the 18 seeded duplicates to their spots, and no seeded place shows Reserve without a booking page', async () => {
    const all = [...(await restaurants()), ...(await activities())];
    const linked = all.filter((p) => p.spotSlug);
    expect(linked).toHaveLength(18);
    expect(linked.find((p) => p.name === 'The Mission')!.spotSlug).toBe('the-mission');
    expect(linked.find((p) => p.name === "Tom's Thumb Trail")!.spotSlug).toBe('toms-thumb-trail');
    expect(all.some((p) => p.reservationAvailable || p.reservationUrl)).toBe(false);
    // Both rows are kept: the spot keeps its loves and views.
    const [mission] = await db.select().from(spots).where(eq(spots.slug, 'the-mission'));
    expect(mission!.lovedCount).toBeGreaterThan(0);
  });

  it('a new place with a near name close to a spot is linked to it; one far away is not', async () => {
    const [cosanti] = await db.select().from(spots).where(eq(spots.slug, 'cosanti'));
    const near = await call('POST', '/api/admin/places', {
      ...base,
      kind: 'activity',
      name: 'Cosanti Originals',
      latitude: cosanti!.latitude! + 0.0005,
      longitude: cosanti!.longitude,
    });
    expect(near.status).toBe(201);
    expect((await near.json()).place).toMatchObject({ name: 'Cosanti Originals', spotSlug: 'cosanti' });
    const far = await call('POST', '/api/admin/places', { ...base, kind: 'activity', name: 'Cosanti Originals Gallery', latitude: 33.7, longitude: -111.7 });
    expect((await far.json()).place).toMatchObject({ spotSlug: null });
  });
});

describe('the desk', () => {
  it('adds, edits (a Reserve link), archives and restores a place, each with History', async () => {
    const add = await call('POST', '/api/admin/places', { ...base, name: 'Desk Test Cafe' });
    expect(add.status).toBe(201);
    const { place } = await add.json();
    expect((await restaurants()).find((p) => p.id === place.id)).toMatchObject({ reservationAvailable: false, reservationUrl: null, spotSlug: null });

    const edit = await call('PATCH', `/api/admin/places/${place.id}`, { reservationUrl: 'https://booking.example.com/desk-test-cafe', rating: 4.8 });
    expect(edit.status).toBe(200);
    expect((await restaurants()).find((p) => p.id === place.id)).toMatchObject({
      reservationAvailable: true,
      reservationUrl: 'https://booking.example.com/desk-test-cafe',
    });

    expect((await call('POST', `/api/admin/places/${place.id}/archive`)).status).toBe(200);
    expect((await call('POST', `/api/admin/places/${place.id}/archive`)).status).toBe(409);
    expect((await restaurants()).some((p) => p.id === place.id)).toBe(false);
    expect((await call('POST', `/api/admin/places/${place.id}/restore`)).status).toBe(200);
    expect((await restaurants()).some((p) => p.id === place.id)).toBe(true);

    const entries = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'place'), eq(history.subjectId, String(place.id))))
      .orderBy(history.id);
    expect(entries.map((e) => e.event)).toEqual(['added', 'edited', 'archived', 'restored']);
    expect(entries[1]).toMatchObject({
      actorName: 'Owner',
      before: { rating: 4.2, reservationUrl: null },
      after: { rating: 4.8, reservationUrl: 'https://booking.example.com/desk-test-cafe' },
    });
  });

  it('refuses a bad place with each field named, and an unknown spot address', async () => {
    const bad = await call('POST', '/api/admin/places', { ...base, name: '', rating: 7, priceRange: '$$$$$' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ name: 'Name is required', rating: 'Rating must be between 0 and 5', priceRange: 'Price is $, $$, $$$ or $$$$' });
    const unknown = await call('POST', '/api/admin/places', { ...base, name: 'Nowhere Diner', spotSlug: 'no-such-spot' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('No spot has the address /spots/no-such-spot.');
  });
});

describe('CSV import and export', () => {
  it('an export imported back changes nothing', async () => {
    const before = await placeCount();
    const preview = await (await sendCsv(await exported(), false)).json();
    expect(preview).toMatchObject({ imported: false, added: 0, updated: 0, errors: 0, unchanged: before });
  });

  it('500 places: a preview reports each bad row and writes nothing; the import adds the good ones and exports them back the same', async () => {
    const header = [
      'kind',
      'name',
      'rating',
      'location',
      'tags',
      'link',
      'image',
      'price_range',
      'opening_status',
      'review_count',
      'highlight',
      'reservation_url',
      'latitude',
      'longitude',
    ];
    const rows = Array.from({ length: 500 }, (_, i) => [
      i % 2 ? 'activity' : 'restaurant',
      `Import Place ${String(i + 1).padStart(3, '0')}, "Quoted"`,
      String((i % 50) / 10),
      'North Scottsdale',
      'Patio; Views',
      `https://example.com/places/${i + 1}`,
      '/images/places/import.svg',
      '$$',
      'Open daily',
      `${i} reviews`,
      i === 7 ? '=SUM(A1:A2) is not a formula here' : `Line one\nline two of ${i + 1}`,
      i % 10 === 0 ? `https://booking.example.com/${i + 1}` : '',
      '33.6',
      '-111.8',
    ]);
    rows[41]![2] = 'five'; // line 43
    rows[122]![0] = 'bar'; // line 124
    rows[299]![1] = ''; // line 301
    rows[450]![5] = 'not a link'; // line 452
    const csv = toCsv([header, ...rows]);
    const before = await placeCount();

    const preview = await sendCsv(csv, false);
    expect(preview.status).toBe(200);
    const report = await preview.json();
    expect(report).toMatchObject({ imported: false, added: 496, updated: 0, unchanged: 0, errors: 4 });
    expect(report.rows.filter((r: { action: string }) => r.action === 'error')).toEqual([
      { row: 43, name: rows[41]![1], action: 'error', errors: { rating: 'Rating must be a number' } },
      { row: 124, name: rows[122]![1], action: 'error', errors: { kind: 'Kind is restaurant or activity' } },
      { row: 301, name: '', action: 'error', errors: { name: 'Name is required' } },
      { row: 452, name: rows[450]![1], action: 'error', errors: { link: 'Link must be a valid http(s) URL' } },
    ]);
    expect(await placeCount()).toBe(before);

    const done = await (await sendCsv(csv, true)).json();
    expect(done).toMatchObject({ imported: true, added: 496, errors: 4 });
    expect(await placeCount()).toBe(before + 496);
    const added = await db
      .select({ n: count() })
      .from(history)
      .where(and(eq(history.kind, 'place'), eq(history.event, 'added')));
    expect(added[0]!.n).toBeGreaterThanOrEqual(496);

    // Exported back: every good row comes out as it went in (the formula-looking text with its guard apostrophe).
    const out = parseCsv(await exported());
    const outHeader = out[0]!;
    const byName = new Map(out.slice(1).map((r) => [r[outHeader.indexOf('name')]!, r]));
    const bad = new Set([41, 122, 299, 450]);
    rows.forEach((row, i) => {
      if (bad.has(i)) return;
      const back = byName.get(row[1]!);
      expect(back, row[1]).toBeDefined();
      const expected = header.map((column, c) => (column === 'highlight' && i === 7 ? `'${row[c]}` : row[c]));
      expect(header.map((column) => back![outHeader.indexOf(column)])).toEqual(expected);
    });
    // And importing that export again changes nothing.
    const again = await (await sendCsv(await exported(), true)).json();
    expect(again).toMatchObject({ added: 0, updated: 0, errors: 0 });
    const [formula] = await db.select().from(places).where(eq(places.name, rows[7]![1]!));
    expect(formula!.highlight).toBe('=SUM(A1:A2) is not a formula here');
  });

  it('a row that changes a place by id is an update with History; a broken file is refused with its line', async () => {
    const text = await exported();
    const table = parseCsv(text);
    const head = table[0]!;
    const mission = table.find((r) => r[head.indexOf('name')] === 'The Mission')!;
    mission[head.indexOf('rating')] = '4.9';
    const report = await (await sendCsv(toCsv(table), true)).json();
    expect(report).toMatchObject({ updated: 1, added: 0, errors: 0 });
    const [row] = await db.select().from(places).where(eq(places.name, 'The Mission'));
    expect(row!.rating).toBe(4.9);
    const [entry] = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'place'), eq(history.subjectId, String(row!.id))))
      .orderBy(history.id);
    expect(entry).toMatchObject({ event: 'edited', before: { rating: 4.6 }, after: { rating: 4.9 } });

    const broken = await sendCsv(
      'kind,name,rating,location,tags,link,image,price_range,opening_status,review_count,highlight,reservation_url,latitude,longitude\r\nrestaurant,"Unclosed,4,x',
      false,
    );
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('The file is not valid CSV. Line 2: a quoted field is never closed; add the closing quote.');
    const missing = await sendCsv('kind,name\r\nrestaurant,Nope\r\n', false);
    expect((await missing.json()).message).toBe(
      'The file has no "rating" column. The columns are: id, kind, name, rating, location, tags, link, image, price_range, opening_status, review_count, highlight, reservation_url, latitude, longitude, spot, archived.',
    );
  });
});

describe('the leaderboard in season', () => {
  const monthDay = (offsetDays: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Phoenix', month: '2-digit', day: '2-digit' }).formatToParts(
      new Date(Date.now() + offsetDays * 86_400_000),
    );
    return `${parts.find((p) => p.type === 'month')!.value}-${parts.find((p) => p.type === 'day')!.value}` as `${number}${number}-${number}${number}`;
  };
  const topSlugs = async (path: string) => ((await (await server.fetch(path)).json()) as { slug: string }[]).map((s) => s.slug);

  it('leaves a spot out of /top-spots, the API and the home Top 5 while it is out of season, with the score unchanged, and ranks it again in season', async () => {
    const [show] = await db.select().from(spots).where(eq(spots.slug, 'scottsdale-arabian-horse-show'));
    const hours = { kind: 'weekly' as const, rules: [{ days: [0, 1, 2, 3, 4, 5, 6] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[], open: '08:00' as const, close: '21:00' as const }] };
    await db
      .update(spots)
      .set({ viewCount: 5_000_000, hours: { ...hours, seasons: [{ from: monthDay(100), to: monthDay(110) }] } })
      .where(eq(spots.id, show!.id));
    const [scored] = await db.select({ score: spots.score }).from(spots).where(eq(spots.id, show!.id));
    expect(scored!.score).toBeGreaterThanOrEqual(5_000_000);

    expect(await topSlugs('/api/spots/top?limit=5')).not.toContain('scottsdale-arabian-horse-show');
    expect(await topSlugs('/api/spots/top?limit=5')).toHaveLength(5);
    const page = await (await server.fetch('/top-spots', { headers: { accept: 'text/html' } })).text();
    expect(page).not.toContain('Scottsdale Arabian Horse Show');
    expect(page).toContain('are ranked from 30 days before their dates until they end; closed spots are left out.');
    const home = await (await server.fetch('/', { headers: { accept: 'text/html' } })).text();
    const topFive = home.slice(home.indexOf('id="top-five"'));
    expect(topFive).not.toContain('Scottsdale Arabian Horse Show');

    // In season (its window starts within 30 days): first again.
    await db
      .update(spots)
      .set({ hours: { ...hours, seasons: [{ from: monthDay(20), to: monthDay(30) }] } })
      .where(eq(spots.id, show!.id));
    expect((await topSlugs('/api/spots/top?limit=6'))[0]).toBe('scottsdale-arabian-horse-show');
  });
});
