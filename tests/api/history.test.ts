import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, spots, userSuggestions } from '../../db/schema';
import { historyEntry, historyEntryIfChanged } from '../../src/server/admin/history';
import { ROUTE_POLICIES } from '../../src/server/http/route-policy.mjs';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'history-tests-password-paloverde';
let server: TestServer;
let db: Database;
const owner = new CookieJar();

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  db = openDatabase({ url: server.databaseUrl });
  const signIn = await call('POST', '/api/admin/auth', { password: PASSWORD });
  expect(signIn.status).toBe(200);
  owner.store(signIn);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

function call(method: string, path: string, body?: unknown, jar?: CookieJar) {
  return server.fetch(path, {
    method,
    headers: { origin: server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar ? { cookie: jar.header() } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const decode = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;|&#38;/g, '&')
    .replace(/\s+/g, ' ');
async function historyHtml(query = '') {
  const response = await server.fetch(`/admin/history${query}`, { headers: { accept: 'text/html', cookie: owner.header() } });
  return { status: response.status, html: decode(await response.text()) };
}
const idsOn = (html: string) => [...html.matchAll(/data-history-id="(\d+)"/g)].map((match) => Number(match[1]));
const linkOn = (html: string, rel: 'next' | 'prev') => new RegExp(`href="/admin/history(\\?[^"]*)" rel="${rel}"`).exec(html)?.[1] ?? null;

describe('each change made through the back office writes its History entry', () => {
  it('adding a spot, deciding suggestions; a refused change writes none', async () => {
    const added = await call(
      'POST',
      '/api/spots',
      {
        name: 'Saguaro History Lookout',
        category: 'hike',
        description: 'A short climb.',
        imageUrl: 'https://example.com/a.jpg',
        mapsUrl: 'https://maps.google.com/?q=1',
      },
      owner,
    );
    expect(added.status).toBe(201);
    const spot = await added.json();
    const [entry] = await db
      .select()
      .from(history)
      .where(eq(history.subjectId, String(spot.id)));
    expect(entry).toMatchObject({ kind: 'spot', event: 'added', actorName: 'Owner', subjectLabel: 'Saguaro History Lookout', before: null });
    expect(entry!.after).toEqual({ name: 'Saguaro History Lookout', slug: spot.slug, category: 'hike', featured: false });

    const [first, second] = await db
      .insert(userSuggestions)
      .values([
        { spotName: 'History Approve Cafe', description: 'Good coffee.' },
        { spotName: 'History Reject Bar', description: 'Loud.' },
      ])
      .returning();
    expect((await call('POST', `/api/suggestions/${first!.id}/approve`, undefined, owner)).status).toBe(200);
    expect((await call('POST', `/api/suggestions/${second!.id}/reject`, undefined, owner)).status).toBe(200);
    // Decided already: a 409 and no second entry.
    expect((await call('POST', `/api/suggestions/${first!.id}/reject`, undefined, owner)).status).toBe(409);
    const decided = await db.select().from(history).where(eq(history.kind, 'suggestion'));
    expect(decided.map((e) => [e.subjectId, e.subjectLabel, e.event, e.before, e.after])).toEqual([
      [String(first!.id), 'History Approve Cafe', 'approved', { status: 'pending' }, { status: 'approved' }],
      [String(second!.id), 'History Reject Bar', 'rejected', { status: 'pending' }, { status: 'rejected' }],
    ]);

    const { status, html } = await historyHtml();
    expect(status).toBe(200);
    expect(html).toContain(`<strong>Owner</strong> added spot <a href="/spots/${spot.slug}">Saguaro History Lookout</a>`);
    expect(html).toContain('<strong>Owner</strong> rejected suggestion <a href="/admin/suggestions">History Reject Bar</a>');
  });
});

describe('History is written with its change, or not at all', () => {
  const actor = { id: 1, name: 'Owner' };
  it('a change that fails after its History statement leaves no entry (the batch is atomic)', async () => {
    const [taken] = await db.select().from(spots).limit(1);
    const count = async () => (await db.select({ n: sql<number>`count(*)` }).from(history))[0]!.n;
    const before = await count();
    await expect(
      db.batch([
        historyEntry(db, actor, { kind: 'spot', subjectId: 'x', subjectLabel: 'Never Added', event: 'added' }),
        // The same slug as an existing spot: the unique index refuses it.
        db.insert(spots).values({ ...taken!, id: undefined, name: 'Never Added' }),
      ]),
    ).rejects.toThrow(/UNIQUE constraint failed: spots.slug/);
    expect(await count()).toBe(before);
    expect(await db.select().from(history).where(eq(history.subjectLabel, 'Never Added'))).toEqual([]);
  });

  it('a guarded change that finds nothing to change writes no entry; one that changes a row writes one', async () => {
    const [spot] = await db.select().from(spots).limit(1);
    const change = { kind: 'spot' as const, subjectId: spot!.id, subjectLabel: 'Guarded', event: 'edited' };
    await db.batch([db.update(spots).set({ hook: 'x' }).where(eq(spots.id, -1)), historyEntryIfChanged(db, actor, change)]);
    expect(await db.select().from(history).where(eq(history.subjectLabel, 'Guarded'))).toEqual([]);
    await db.batch([db.update(spots).set({ hook: spot!.hook }).where(eq(spots.id, spot!.id)), historyEntryIfChanged(db, actor, change)]);
    expect(await db.select().from(history).where(eq(history.subjectLabel, 'Guarded'))).toHaveLength(1);
  });

  it('no statement edits or deletes an entry, and no route offers to', async () => {
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(db.update(history).set({ actorName: 'Someone else' }))).toMatch(/History entries are never changed\./);
    expect(await refusal(db.delete(history))).toMatch(/History entries are never deleted\./);
    expect((await db.select().from(history).where(eq(history.actorName, 'Someone else'))).length).toBe(0);
    const historyRoutes = Object.entries(ROUTE_POLICIES).filter(([pattern]) => pattern.includes('history'));
    expect(historyRoutes.map(([pattern, policy]) => [pattern, Object.keys(policy.methods)])).toEqual([['/admin/history', ['GET']]]);
    // Whatever the method, the History page only reads.
    const entries = await db.select().from(history);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) await call(method, '/admin/history', undefined, owner);
    expect(await db.select().from(history)).toEqual(entries);
  });
});

describe('the History page', () => {
  it('pages through 10,000 entries by id, Older then Newer, newest first, every entry once', async () => {
    // 10,000 system entries of kind 'setting', a minute apart.
    const start = Date.UTC(2026, 0, 1);
    await db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
      INSERT INTO history (at, actor_id, actor_name, kind, subject_id, subject_label, event, before, after)
      SELECT ${start} + i * 60000, NULL, 'The guide', 'setting', 'bulk-' || i, 'Bulk setting ' || i, 'edited', '{"value":' || (i - 1) || '}', '{"value":' || i || '}' FROM n`);
    const expected = (await db.select({ id: history.id }).from(history).where(eq(history.kind, 'setting'))).map((row) => row.id).sort((a, b) => b - a);
    expect(expected).toHaveLength(10_000);

    const seen: number[] = [];
    let query: string | null = '?kind=setting';
    let pages = 0;
    let last = '';
    while (query !== null) {
      const { status, html } = await historyHtml(query);
      expect(status).toBe(200);
      const ids = idsOn(html);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(50);
      seen.push(...ids);
      pages += 1;
      last = html;
      query = linkOn(html, 'next');
    }
    expect(pages).toBe(200);
    expect(seen).toEqual(expected);
    expect(last).toContain('Bulk setting 1<');
    expect(last).toContain('<del>0</del>');

    // Back from the oldest page with Newer: the same pages again, in reverse.
    const back: number[][] = [];
    let newer = linkOn(last, 'prev');
    for (let step = 0; step < 3 && newer !== null; step++) {
      const { html } = await historyHtml(newer);
      back.push(idsOn(html));
      newer = linkOn(html, 'prev');
    }
    expect(back).toEqual([expected.slice(9900, 9950), expected.slice(9850, 9900), expected.slice(9800, 9850)]);
    // The newest page has no Newer link; the first Older page's Newer leads back to it.
    const newest = await historyHtml('?kind=setting');
    expect(linkOn(newest.html, 'prev')).toBeNull();
    const second = await historyHtml(linkOn(newest.html, 'next')!);
    expect(idsOn((await historyHtml(linkOn(second.html, 'prev')!)).html)).toEqual(expected.slice(0, 50));
  }, 120_000);

  it('filters by person, kind and city dates; a bad filter is a clear 400', async () => {
    const system = idsOn((await historyHtml('?person=system&kind=setting&from=2026-01-01&to=2026-01-01')).html);
    // 2026-01-01 in Phoenix ends at 07:00 UTC on Jan 2: entries 1..(31 h * 60 - 1) minutes after midnight UTC Jan 1 are in.
    const inDay = await db
      .select({ id: history.id })
      .from(history)
      .where(sql`${history.kind} = 'setting' AND ${history.at} >= ${Date.UTC(2026, 0, 1, 7)} AND ${history.at} < ${Date.UTC(2026, 0, 2, 7)}`);
    expect(system).toEqual(
      inDay
        .map((row) => row.id)
        .sort((a, b) => b - a)
        .slice(0, 50),
    );
    const owners = idsOn((await historyHtml('?person=1')).html);
    const ownersExpected = (await db.select({ id: history.id }).from(history).where(eq(history.actorId, 1))).map((row) => row.id).sort((a, b) => b - a);
    expect(owners).toEqual(ownersExpected.slice(0, 50));

    const badKind = await historyHtml('?kind=photos');
    expect(badKind.status).toBe(400);
    expect(badKind.html).toContain('Kind must be one of spot, story, event, place, suggestion, member, staff, setting');
    const badDate = await historyHtml('?from=2026-02-30');
    expect(badDate.status).toBe(400);
    expect(badDate.html).toContain('From is not a real date');
    const reversed = await historyHtml('?from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.html).toContain('From must be on or before To');
    const unknown = await historyHtml('?sort=oldest');
    expect(unknown.status).toBe(400);
  });

  it('needs a staff session', async () => {
    const anonymous = await server.fetch('/admin/history', { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin');
  });
});
