import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, spots, userEngagements, type Spot } from '../../db/schema';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'archive-tests-password-mesquite';
let server: TestServer;
let db: Database;
let victim: Spot;
let neighbour: Spot;
const owner = new CookieJar();

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  db = openDatabase({ url: server.databaseUrl });
  const signIn = await server.fetch('/api/admin/auth', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  owner.store(signIn);
  // The guide's best spot, renamed to be unmistakable, made featured, new this week and the closest one to a neighbour: it is on every surface.
  const [top, next] = await db.select().from(spots).orderBy(desc(spots.score), desc(spots.id)).limit(2);
  await db
    .update(spots)
    .set({
      name: 'Ocotillo Archive Overlook',
      slug: 'ocotillo-archive-overlook',
      featured: 1,
      createdAt: new Date(Date.now() - 60 * 60 * 1000),
      latitude: 33.5,
      longitude: -111.9,
      viewCount: 1_000_000,
      lovedCount: 1_000_000,
      visitedCount: 1_000_000,
      suggestionCount: 1_000_000,
    })
    .where(eq(spots.id, top!.id));
  await db.update(spots).set({ latitude: 33.5001, longitude: -111.9001 }).where(eq(spots.id, next!.id));
  victim = (await db.select().from(spots).where(eq(spots.id, top!.id)))[0]!;
  neighbour = (await db.select().from(spots).where(eq(spots.id, next!.id)))[0]!;
  await db.insert(userEngagements).values({ spotId: victim.id, sessionId: 'archive-test-session', engagementType: 'love' });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const get = (path: string, jar?: CookieJar) =>
  server.fetch(path, { headers: { accept: path.startsWith('/api/') ? 'application/json' : 'text/html', ...(jar ? { cookie: jar.header() } : {}) } });
const post = (path: string, jar?: CookieJar) => server.fetch(path, { method: 'POST', headers: { origin: server.url, ...(jar ? { cookie: jar.header() } : {}) } });
const decode = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

interface Listed {
  id: number;
  slug: string;
}

/** Where the spot shows, surface by surface: true when it is there. */
async function sweep() {
  const ids = (list: Listed[]) => list.map((spot) => spot.id);
  const json = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const html = async (path: string, jar?: CookieJar) => {
    const response = await get(path, jar);
    expect(response.status, path).toBe(200);
    return decode(await response.text());
  };
  const sorts = await Promise.all(['trending', 'newest', 'loved', 'score'].map((sort) => json(`/api/spots?sort=${sort}`)));
  const searched = await json(`/api/spots?q=${encodeURIComponent(victim.name)}`);
  const category = await json(`/api/spots?category=${victim.category}`);
  const nearby = (await json(`/api/spots/by-slug/${neighbour.slug}`)) as { nearby: { slug: string }[] };
  return {
    listSorts: sorts.map((page: { spots: Listed[] }) => ids(page.spots).includes(victim.id)),
    total: sorts[0].total as number,
    search: ids(searched.spots).includes(victim.id),
    searchTotal: searched.total as number,
    category: ids(category.spots).includes(victim.id),
    top: ids(await json('/api/spots/top')).includes(victim.id),
    featured: ids(await json('/api/spots/featured')).includes(victim.id),
    map: ids((await json('/api/spots/map')).markers).includes(victim.id),
    home: (await html('/')).includes(victim.name),
    topSpotsPage: (await html('/top-spots')).includes(victim.name),
    sitemap: (await html('/sitemap.xml')).includes(`/spots/${victim.slug}<`),
    nearby: nearby.nearby.some((spot) => spot.slug === victim.slug),
    digest: (await html('/admin/newsletter/preview', owner)).includes(victim.name),
    savedList: ids((await json(`/api/saved?ids=${victim.id},${neighbour.id}`)).spots).includes(victim.id),
    pageStatus: (await get(`/spots/${victim.slug}`)).status,
    apiStatus: (await get(`/api/spots/by-slug/${victim.slug}`)).status,
  };
}

describe('archiving a spot', () => {
  it('takes it out of every list and read at once, answers 410 Gone for its page, keeps its engagement, and a restore brings it all back', async () => {
    const before = await sweep();
    expect(before).toEqual({
      listSorts: [true, true, true, true],
      total: before.total,
      search: true,
      searchTotal: before.searchTotal,
      category: true,
      top: true,
      featured: true,
      map: true,
      home: true,
      topSpotsPage: true,
      sitemap: true,
      nearby: true,
      digest: true,
      savedList: true,
      pageStatus: 200,
      apiStatus: 200,
    });
    const icsBefore = (await get(`/spots/${victim.slug}.ics`)).status;
    const engagement = async () => (await db.select().from(userEngagements).where(eq(userEngagements.spotId, victim.id))).length;
    const engagementBefore = await engagement();
    expect(engagementBefore).toBeGreaterThan(0);

    const archived = await post(`/api/admin/spots/${victim.id}/archive`, owner);
    expect(archived.status).toBe(200);
    expect(await archived.json()).toMatchObject({ id: victim.id, slug: victim.slug, archived: true });

    // Straight after the write: the shared response cache holds the lists read above, and must not serve them.
    const gone = await sweep();
    expect(gone).toEqual({
      listSorts: [false, false, false, false],
      total: before.total - 1,
      search: false,
      searchTotal: before.searchTotal - 1,
      category: false,
      top: false,
      featured: false,
      map: false,
      home: false,
      topSpotsPage: false,
      sitemap: false,
      nearby: false,
      digest: false,
      savedList: false,
      pageStatus: 410,
      apiStatus: 410,
    });
    const page = await get(`/spots/${victim.slug}`);
    const body = decode(await page.text());
    expect(body).toContain('This spot has closed or been removed from the guide.');
    expect(body).toContain('href="/spots"');
    expect(body).toContain('<meta name="robots" content="noindex"');
    expect((await (await get(`/api/spots/by-slug/${victim.slug}`)).json()).message).toBe('This spot has closed or been removed from the guide.');
    expect((await get(`/spots/${victim.slug}.ics`)).status).toBe(410);
    // A love or view of an archived spot is refused like an unknown one; its rows are kept.
    expect((await post(`/api/spots/${victim.id}/love`)).status).toBe(404);
    expect(await engagement()).toBe(engagementBefore);

    const again = await post(`/api/admin/spots/${victim.id}/archive`, owner);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This spot is already archived.');

    const restored = await post(`/api/admin/spots/${victim.id}/restore`, owner);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: victim.id, archived: false });
    expect(await sweep()).toEqual(before);
    expect((await get(`/spots/${victim.slug}.ics`)).status).toBe(icsBefore);

    const twice = await post(`/api/admin/spots/${victim.id}/restore`, owner);
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe('This spot is not archived.');

    // One History entry per change that happened; the refused ones wrote none.
    const entries = await db
      .select()
      .from(history)
      .where(eq(history.subjectId, String(victim.id)));
    expect(entries.map((entry) => [entry.kind, entry.event, entry.actorName, entry.subjectLabel])).toEqual([
      ['spot', 'archived', 'Owner', victim.name],
      ['spot', 'restored', 'Owner', victim.name],
    ]);
    expect(entries[0]!.before).toEqual({ archivedAt: null });
    expect(entries[0]!.after).toEqual({ archivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('validates the id, 404s an unknown spot, and needs the session', async () => {
    const bad = await post('/api/admin/spots/abc/archive', owner);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('Id must be a positive whole number');
    const unknown = await post('/api/admin/spots/999999/archive', owner);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Spot not found');
    const anonymous = await post(`/api/admin/spots/${victim.id}/archive`);
    expect(anonymous.status).toBe(401);
    expect((await db.select().from(spots).where(eq(spots.id, victim.id)))[0]!.archivedAt).toBeNull();
  });
});
