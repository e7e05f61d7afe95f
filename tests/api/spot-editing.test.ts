import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, spots, type Spot } from '../../db/schema';
import { Browser, call, signInOwner } from '../support/staff';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'desk-tests-password-palo-verde';
const CONFLICT = 'Someone else saved this spot after you opened it. Reload the page to see their changes, then make yours again.';
let server: TestServer;
let db: Database;
const owner = new Browser();
let picked: Spot[];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A city day (UTC−7) `days` from today, YYYY-MM-DD. */
const cityDay = (days: number) => new Date(Date.now() - 7 * 60 * 60 * 1000 + days * DAY_MS).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
  // Four spots with a position, featured, on the leaderboard: each is on every surface before its change.
  picked = await db.select().from(spots).orderBy(asc(spots.id)).limit(4);
  for (const [i, spot] of picked.entries()) {
    await db
      .update(spots)
      .set({ featured: 1, latitude: 33.5 + i / 100, longitude: -111.9, viewCount: 900_000 + i, category: i === 1 ? 'event' : spot.category })
      .where(eq(spots.id, spot.id));
  }
  picked = await db.select().from(spots).orderBy(asc(spots.id)).limit(4);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const page = async (path: string) => {
  const response = await call(server, null, 'GET', path, undefined, { accept: 'text/html' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: (await response.text())
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  };
};
const jsonLd = (html: string) => JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!.replace(/\\u003c/g, '<'));
const open = async (id: number) => (await (await call(server, owner, 'GET', `/api/admin/spots/${id}`)).json()) as { version: number; missing: string[] };
const patch = (id: number, body: Record<string, unknown>, who: Browser | null = owner) => call(server, who, 'PATCH', `/api/admin/spots/${id}`, body);
const entries = (id: number) =>
  db
    .select()
    .from(history)
    .where(and(eq(history.kind, 'spot'), eq(history.subjectId, String(id))))
    .orderBy(asc(history.id));

/** Where a spot shows: every public list, the map, featured, the leaderboard and the sitemap. */
async function surfaces(spot: Spot) {
  type Listed = { id: number }[];
  const ids = async (path: string, pick = (body: { spots?: Listed; markers?: Listed }) => (body.spots ?? body) as Listed) =>
    pick(await (await call(server, null, 'GET', path)).json())
      .map((s) => s.id)
      .includes(spot.id);
  return {
    list: await ids(`/api/spots?q=${encodeURIComponent(spot.name)}`),
    map: await ids('/api/spots/map', (body) => body.markers!),
    featured: await ids('/api/spots/featured'),
    top: await ids('/api/spots/top'),
    sitemap: (await page('/sitemap.xml')).html.includes(`/spots/${spot.slug}<`),
  };
}
const everywhere = { list: true, map: true, featured: true, top: true, sitemap: true };
const nowhere = { list: false, map: false, featured: false, top: false, sitemap: false };

describe('editing a spot', () => {
  it('changes its hours past midnight with a special date, marks it checked, writes History and the public change log line; a stale version gets 409 and writes nothing', async () => {
    const spot = picked[0]!;
    const { version } = await open(spot.id);
    const hours = { kind: 'weekly', rules: [{ days: [5, 6], open: '16:00', close: '02:00' }], special: [{ from: cityDay(20), to: cityDay(20), note: 'Private party' }] };
    const saved = await patch(spot.id, { version, hours, verified: true, publicLine: 'New winter hours' });
    expect(saved.status).toBe(200);
    const after = await saved.json();
    expect(after).toMatchObject({ changed: true, hours, status: 'open' });
    expect(after.version).toBeGreaterThan(version);

    // A second editor who opened the spot before that save: refused, nothing written.
    const before = (await entries(spot.id)).length;
    const stale = await patch(spot.id, { version, name: 'Overwritten By Mistake' });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(CONFLICT);
    expect((await entries(spot.id)).length).toBe(before);
    expect((await db.select().from(spots).where(eq(spots.id, spot.id)))[0]!.name).toBe(spot.name);

    const [entry] = (await entries(spot.id)).slice(-1);
    expect(entry).toMatchObject({ event: 'edited', actorName: 'Owner', subjectLabel: spot.name, publicLine: 'New winter hours' });
    expect(entry!.before).toEqual({ hours: spot.hours, verifiedAt: null });
    expect(entry!.after).toEqual({ hours, verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const { html, status } = await page(`/spots/${spot.slug}`);
    expect(status).toBe(200);
    expect(html).toContain('New winter hours');
    expect(html).toMatch(/Checked by our editors on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Friday 4 PM – 2 AM Saturday 4 PM – 2 AM Sunday Closed');
    expect(text).toContain(`Special dates ${dayLabel(cityDay(20))} Closed · Private party`);
    expect(html).not.toContain('<meta name="robots" content="noindex"');
    const ld = jsonLd(html);
    expect(ld.mainEntity.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'], opens: '16:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: cityDay(20), validThrough: cityDay(20) },
    ]);
    // An edit with nothing new changes nothing and writes no entry.
    const same = await patch(spot.id, { version: after.version, hours });
    expect(await same.json()).toMatchObject({ changed: false, version: after.version });
    expect((await entries(spot.id)).length).toBe(before);
  });

  it('a temporary closure takes the spot out of every list until its last day, with a banner, noindex, closed dates in the JSON-LD and the calendar file past it', async () => {
    const spot = picked[1]!;
    let { version } = await open(spot.id);
    const daily = { kind: 'weekly', rules: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '10:00', close: '12:00' }] };
    version = (await (await patch(spot.id, { version, hours: daily })).json()).version;
    expect(await surfaces(spot)).toEqual(everywhere);

    const until = cityDay(7);
    const closed = await patch(spot.id, {
      version,
      status: 'temporarily-closed',
      closedUntil: until,
      statusNote: 'Closed while the patio is rebuilt',
      publicLine: 'Closed for a week',
    });
    expect(closed.status).toBe(200);
    version = (await closed.json()).version;
    expect(await surfaces(spot)).toEqual(nowhere);

    const { html, status } = await page(`/spots/${spot.slug}`);
    expect(status).toBe(200);
    expect(html).toContain(`Temporarily closed until ${dayLabel(until)}`);
    expect(html).toContain('Closed while the patio is rebuilt');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain('Closed for a week');
    const api = await (await call(server, null, 'GET', `/api/spots/by-slug/${spot.slug}`)).json();
    expect(api.spot).toMatchObject({ status: 'temporarily-closed', closedUntil: until, opening: { open: false } });
    expect(api.spot.opening.label).toMatch(/^Closed · back /);
    const ics = await (await call(server, null, 'GET', `/spots/${spot.slug}.ics`)).text();
    const start = ics.match(/DTSTART[^:]*:(\d{8})/)![1]!;
    expect(start > until.replaceAll('-', '')).toBe(true);
    expect((await entries(spot.id)).at(-1)).toMatchObject({ event: 'marked temporarily closed', publicLine: 'Closed for a week' });
    expect((await entries(spot.id)).at(-1)!.after).toEqual({ status: 'temporarily-closed', closedUntil: until, statusNote: 'Closed while the patio is rebuilt' });

    // Once its last closed day is past, it is back everywhere by itself.
    await patch(spot.id, { version, closedUntil: cityDay(-1) });
    expect(await surfaces(spot)).toEqual(everywhere);
    expect((await page(`/spots/${spot.slug}`)).html).not.toContain('Temporarily closed until');
  });

  it('a permanent closure leaves every list with a banner and no hours in the JSON-LD; a moved spot redirects to where it went', async () => {
    const [, , gone, moved] = picked as [Spot, Spot, Spot, Spot];
    const closed = await patch(gone.id, { version: (await open(gone.id)).version, status: 'permanently-closed', statusNote: 'The owners retired in November.' });
    expect(closed.status).toBe(200);
    expect(await surfaces(gone)).toEqual(nowhere);
    const { html, status } = await page(`/spots/${gone.slug}`);
    expect(status).toBe(200);
    expect(html).toContain('Permanently closed');
    expect(html).toContain('The owners retired in November.');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(jsonLd(html).mainEntity.openingHoursSpecification).toBeUndefined();
    expect(html).not.toContain('data-open-status');
    // Saved lists keep it, marked closed (the list shows its status).
    const saved = await (await call(server, null, 'GET', `/api/saved?ids=${gone.id}`)).json();
    expect(saved.spots.map((s: Spot) => [s.id, s.status])).toEqual([[gone.id, 'permanently-closed']]);

    const toItself = await patch(moved.id, { version: (await open(moved.id)).version, status: 'moved', movedToId: moved.id });
    expect(toItself.status).toBe(400);
    expect(await toItself.json()).toMatchObject({ message: 'A spot cannot move to itself.', fields: { movedToId: 'A spot cannot move to itself.' } });
    const went = await patch(moved.id, { version: (await open(moved.id)).version, status: 'moved', movedToId: picked[0]!.id });
    expect(went.status).toBe(200);
    const redirect = await page(`/spots/${moved.slug}`);
    expect(redirect.status).toBe(301);
    expect(redirect.location).toBe(`/spots/${picked[0]!.slug}`);
    expect(await surfaces(moved)).toEqual(nowhere);
    expect((await entries(moved.id)).map((e) => e.event)).toEqual(['marked moved']);
  });

  it('checks every field it is given and says what to fix', async () => {
    const spot = picked[0]!;
    const { version } = await open(spot.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'temporarily-closed' }, 'Say until when it is closed'],
      [{ status: 'moved' }, 'Choose the spot it moved to'],
      [{ status: 'shut' }, 'Status must be open, temporarily-closed, permanently-closed or moved'],
      [{ latitude: 33.5, longitude: null }, 'Give both latitude and longitude, or neither'],
      [{ name: '' }, 'Spot name is required'],
      [{ hours: { kind: 'weekly', rules: [{ days: [1], open: '25:00', close: '02:00' }] } }, 'Times are HH:MM, 24-hour'],
      [{ hours: { kind: 'always', special: [{ from: '2026-12-26', to: '2026-12-25' }] } }, 'A special date ends on or after it starts'],
      [{ featuredOrder: 0 }, 'Home page order starts at 1'],
    ];
    for (const [body, message] of cases) {
      const response = await patch(spot.id, { version, ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message, JSON.stringify(body)).toBe(message);
    }
    const noVersion = await patch(spot.id, { name: 'No Version' });
    expect(noVersion.status).toBe(400);
    expect((await noVersion.json()).message).toBe('The version of the spot you opened is required.');
    expect((await patch(999999, { version: 0 })).status).toBe(404);
    expect((await patch(spot.id, { version }, null)).status).toBe(401);
  });
});

describe('drafts', () => {
  it('a draft is only in the back office; publishing needs a hook, a neighbourhood, an address or pin and hours, then it is in the guide', async () => {
    const made = await call(server, owner, 'POST', '/api/admin/spots', { name: 'Saguaro Draft Cantina', category: 'food' });
    expect(made.status).toBe(201);
    const draft = await made.json();
    expect(draft).toMatchObject({ name: 'Saguaro Draft Cantina', slug: 'saguaro-draft-cantina', draft: 1, status: 'open', version: 0 });
    expect(draft.missing).toEqual([
      'Add the one-line hook.',
      'Write our take.',
      'Add the neighbourhood.',
      'Add the street address or place the pin.',
      'Add the hours, or tick "No fixed hours".',
    ]);
    expect((await page('/spots/saguaro-draft-cantina')).status).toBe(404);
    expect(await surfaces(draft)).toEqual(nowhere);

    const early = await patch(draft.id, { version: 0, draft: 0, hook: 'Green chile by the pound' });
    expect(early.status).toBe(400);
    expect((await early.json()).message).toBe(
      'Before publishing: Write our take. Add the neighbourhood. Add the street address or place the pin. Add the hours, or tick "No fixed hours".',
    );
    const published = await patch(draft.id, {
      version: 0,
      draft: 0,
      hook: 'Green chile by the pound',
      neighbourhood: 'Old Town',
      address: '7000 E Main St, Scottsdale, AZ 85251',
      noFixedHours: true,
      description: 'A counter, six stools, the best green chile in town.',
    });
    expect(published.status).toBe(200);
    const spot = (await db.select().from(spots).where(eq(spots.id, draft.id)))[0]!;
    expect((await page(`/spots/${spot.slug}`)).status).toBe(200);
    expect((await surfaces(spot)).list).toBe(true);
    expect((await entries(draft.id)).map((e) => e.event)).toEqual(['added as a draft', 'published']);

    const nameless = await call(server, owner, 'POST', '/api/admin/spots', { category: 'food' });
    expect(nameless.status).toBe(400);
    expect((await nameless.json()).message).toBe('Spot name is required');
  });
});

describe('the desk', () => {
  it('filters by name, category, status, neighbourhood, completeness and due re-checks, and says what is wrong with a bad filter', async () => {
    const names = async (query: string) => {
      const response = await call(server, owner, 'GET', `/admin/spots?${query}`, undefined, { accept: 'text/html' });
      expect(response.status, query).toBe(200);
      const html = await response.text();
      return [...html.matchAll(/class="admin-rows__name"[^>]*>\s*([^<]+?)\s*</g)].map((m) => m[1]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
    };
    const [checked, closedForAWeek, gone] = picked as [Spot, Spot, Spot];
    expect(await names(`q=${encodeURIComponent(checked.name)}`)).toEqual([checked.name]);
    expect(await names('status=permanently-closed')).toEqual([gone.name]);
    expect(await names('status=draft')).toEqual([]);
    const draft = await (await call(server, owner, 'POST', '/api/admin/spots', { name: 'Mesquite Desk Draft', category: 'hike' })).json();
    expect(await names('status=draft')).toEqual([draft.name]);
    expect(await names('status=draft&category=food')).toEqual([]);
    expect(await names('completeness=incomplete&category=hike')).toContain(draft.name);
    expect(await names('completeness=complete')).not.toContain(draft.name);
    const due = await names('due=recheck');
    expect(due).toContain(closedForAWeek.name);
    expect(due).not.toContain(checked.name);
    expect(due).not.toContain(draft.name);
    const oldTown = await names('neighbourhood=old%20town');
    expect(oldTown.length).toBeGreaterThan(0);
    const rows = await db.select({ name: spots.name, neighbourhood: spots.neighbourhood }).from(spots);
    expect(oldTown.sort()).toEqual(
      rows
        .filter((r) => r.neighbourhood?.toLowerCase().includes('old town'))
        .map((r) => r.name)
        .sort()
        .slice(0, 100),
    );

    const bad = await call(server, owner, 'GET', '/admin/spots?status=shut', undefined, { accept: 'text/html' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose a status from the list');
  });
});
