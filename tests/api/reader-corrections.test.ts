// Readers' corrections: "Suggest an edit" and "Report closed" from a spot page, the spam traps and
// the rate limit, the Corrections inbox (diff, accept through the spot editor's service with its
// version check, History and change log line, the reader thanked by email; reject keeps the record),
// the re-check reason, and the loves, visits and views a draft or closed spot refuses.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, readerCorrections, spots, userEngagements, type Spot } from '../../db/schema';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { Browser, call, signInOwner } from '../support/staff';

const PASSWORD = 'corrections-owner-password-ocotillo';
const SECRET = 'corrections-test-session-secret-0123456789';
const FROM = 'Scottsdale Local Guide <team@example.com>';
const RECEIVED = 'Thanks! An editor will check it soon.';
const CONFLICT = 'Someone else saved this spot after you opened it. Reload the page to see their changes, then make yours again.';
let server: TestServer;
let sink: SmtpSink;
let db: Database;
const owner = new Browser('198.18.9.1');
let picked: Spot[];

/** The token a spot page's forms carry, made `ageMs` ago (signed as the server signs it). */
const token = (spotId: number, ageMs = 5_000) => {
  const value = `correction:${spotId}:${Date.now() - ageMs}`;
  return `${value}.${createHmac('sha256', SECRET).update(value).digest('base64url')}`;
};
let address = 0;
/** A reader at their own address, so the per-address form limit is not what a test meets. */
const reader = () => new Browser(`198.18.10.${++address}`);
const send = (spotId: number, body: Record<string, unknown>, who = reader()) => call(server, who, 'POST', `/api/spots/${spotId}/corrections`, body);
const stored = (spotId: number) => db.select().from(readerCorrections).where(eq(readerCorrections.spotId, spotId)).orderBy(asc(readerCorrections.id));
const inbox = async () =>
  (await (await call(server, owner, 'GET', '/api/admin/corrections')).json()) as {
    open: {
      id: number;
      kind: string;
      spot: { id: number; version: number };
      diff: { field: string; label: string; current: string; proposed: string }[];
      hasEmail: boolean;
    }[];
    decided: { id: number; state: string; thanks: string }[];
  };
const entries = (kind: 'spot' | 'suggestion', subjectId: string) =>
  db
    .select()
    .from(history)
    .where(and(eq(history.kind, kind), eq(history.subjectId, subjectId)))
    .orderBy(asc(history.id));
const html = async (path: string, who: Browser | null = null) =>
  (await (await call(server, who, 'GET', path, undefined, { accept: 'text/html' })).text()).replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&');

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    env: { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, TRUST_PROXY: '1', RATE_LIMIT_FORMS_PER_MINUTE: '10', SMTP_URL: sink.url, NEWSLETTER_FROM: FROM },
  });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
  picked = await db.select().from(spots).orderBy(asc(spots.id)).limit(6);
});
beforeEach(() => sink.reset());
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await sink?.stop();
});

describe('a reader suggests an edit', () => {
  it('the spot page offers "Suggest an edit" and "Report closed"; a correction is stored open and answered with thanks', async () => {
    const spot = picked[0]!;
    const page = await html(`/spots/${spot.slug}`);
    expect(page).toContain('Suggest an edit');
    expect(page).toContain('Report closed');
    expect(page).toContain('Something not right?');

    const response = await send(spot.id, {
      kind: 'edit',
      field: 'address',
      proposed: '  7014 E Camelback Rd, Scottsdale  ',
      note: 'They moved next door',
      email: 'Reader@Example.com',
      company: '',
      token: token(spot.id),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: RECEIVED });
    const [row] = await stored(spot.id);
    expect(row).toMatchObject({
      kind: 'edit',
      field: 'address',
      proposed: '7014 E Camelback Rd, Scottsdale',
      note: 'They moved next door',
      email: 'reader@example.com',
      state: 'open',
      thanks: 'none',
    });
  });

  it('refuses what is not a correction, and each spam trap: a filled hidden field stores nothing, a form sent too soon or with a forged or foreign token is a 400', async () => {
    const spot = picked[1]!;
    const good = { kind: 'edit', field: 'hook', proposed: 'Sunset tacos on the patio', token: token(spot.id) };
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await send(spot.id, body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    };
    await refused({ ...good, field: 'latitude' }, 400, 'Choose what to correct from the list');
    await refused({ ...good, proposed: '   ' }, 400, 'Say what it should be');
    await refused({ ...good, email: 'not-an-address' }, 400, 'Please enter a valid email address.');
    await refused({ ...good, kind: 'delete' }, 400, 'Choose Suggest an edit or Report closed');
    await refused({ ...good, token: token(spot.id, 500) }, 400, 'That was quick. Check your correction, then send it again.');
    await refused(
      { ...good, token: `correction:${spot.id}:${Date.now() - 60_000}.forged-signature` },
      400,
      'This form has expired. Reload the page, then send it again.',
    );
    await refused({ ...good, token: token(picked[2]!.id) }, 400, 'This form has expired. Reload the page, then send it again.');
    await refused({ ...good, token: token(spot.id, 25 * 60 * 60 * 1000) }, 400, 'This form has expired. Reload the page, then send it again.');

    // A robot filling the hidden field is answered as a person is, and nothing is kept.
    const trap = await send(spot.id, { ...good, company: 'Acme SEO' });
    expect(trap.status).toBe(201);
    expect(await trap.json()).toEqual({ message: RECEIVED });
    expect(await stored(spot.id)).toEqual([]);

    // Drafts and unknown spots take no corrections.
    await db.update(spots).set({ draft: 1 }).where(eq(spots.id, spot.id));
    await refused(good, 404, 'Spot not found');
    await db.update(spots).set({ draft: 0 }).where(eq(spots.id, spot.id));
    expect(await stored(spot.id)).toEqual([]);
  });

  it('spends the per-address forms limit (10 a minute here): past it a 429 with Retry-After, and nothing stored', async () => {
    const spot = picked[2]!;
    const one = reader();
    // Twenty-one tries cross at most one minute boundary, so the limit is met whatever the clock says.
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 21; i++) {
      const response = await send(spot.id, { kind: 'closed', note: `visit ${i}`, token: token(spot.id) }, one);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses).toContain(429);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(await stored(spot.id)).toHaveLength(statuses.filter((status) => status === 201).length);
  });
});

describe('the Corrections inbox', () => {
  it('needs the permission Editors review suggestions with', async () => {
    expect((await call(server, null, 'GET', '/api/admin/corrections')).status).toBe(401);
    expect((await call(server, null, 'POST', '/api/admin/corrections/1/accept', { version: 0 })).status).toBe(401);
    expect((await call(server, null, 'POST', '/api/admin/corrections/1/reject')).status).toBe(401);
    const page = await call(server, null, 'GET', '/admin/suggestions', undefined, { accept: 'text/html' });
    expect(page.status).toBe(303);
  });

  it('shows the diff; a stale version is a 409 that writes nothing; accepting applies the field with History, the change log line, and thanks the reader', async () => {
    const spot = picked[0]!;
    const [correction] = await stored(spot.id);
    const listed = (await inbox()).open.find((item) => item.id === correction!.id)!;
    expect(listed.hasEmail).toBe(true);
    expect(listed.diff).toEqual([{ field: 'address', label: 'Street address', current: spot.address ?? '(empty)', proposed: '7014 E Camelback Rd, Scottsdale' }]);

    // An editor changes the spot after the inbox was opened: the accept made on the old version is refused whole.
    const editorOpened = (await (await call(server, owner, 'GET', `/api/admin/spots/${spot.id}`)).json()) as { version: number };
    expect((await call(server, owner, 'PATCH', `/api/admin/spots/${spot.id}`, { version: editorOpened.version, insiderTip: 'Ask for the off-menu salsa' })).status).toBe(
      200,
    );
    const historyBefore = (await db.select().from(history)).length;
    const stale = await call(server, owner, 'POST', `/api/admin/corrections/${correction!.id}/accept`, { version: listed.spot.version });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(CONFLICT);
    expect((await db.select().from(history)).length).toBe(historyBefore);
    expect((await stored(spot.id))[0]!.state).toBe('open');
    expect((await db.select({ address: spots.address }).from(spots).where(eq(spots.id, spot.id)))[0]!.address).toBe(spot.address);
    expect(sink.to('reader@example.com')).toHaveLength(0);

    const fresh = (await inbox()).open.find((item) => item.id === correction!.id)!;
    const accepted = await call(server, owner, 'POST', `/api/admin/corrections/${correction!.id}/accept`, {
      version: fresh.spot.version,
      publicLine: 'New address next door',
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ id: correction!.id, state: 'accepted', thanks: 'sent' });

    // The public page shows the new address and the dated line; History has the spot's change and the decision.
    const page = await html(`/spots/${spot.slug}`);
    expect(page).toContain('7014 E Camelback Rd, Scottsdale');
    expect(page).toContain('New address next door');
    const spotEntry = (await entries('spot', String(spot.id))).at(-1)!;
    expect(spotEntry).toMatchObject({
      actorName: 'Owner',
      event: "street address corrected from a reader's note",
      publicLine: 'New address next door',
      before: { address: spot.address },
      after: { address: '7014 E Camelback Rd, Scottsdale' },
    });
    expect(await entries('suggestion', `correction-${correction!.id}`)).toMatchObject([
      { event: 'correction accepted', before: { state: 'open' }, after: { state: 'accepted', field: 'address' } },
    ]);
    const [decided] = await stored(spot.id);
    expect(decided).toMatchObject({ state: 'accepted', thanks: 'sent' });
    expect(decided!.decidedBy).not.toBeNull();

    const [mail] = sink.to('reader@example.com');
    expect(mail!.parsed.subject).toBe(`Thanks for your correction to ${spot.name}`);
    expect(mail!.parsed.text).toContain(`${server.url}/spots/${spot.slug}`);

    // Decided once: a second accept or a reject is a 409, and no second email goes out.
    const again = await call(server, owner, 'POST', `/api/admin/corrections/${correction!.id}/accept`, { version: 0 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('This correction was already accepted.');
    expect((await call(server, owner, 'POST', `/api/admin/corrections/${correction!.id}/reject`)).status).toBe(409);
    expect(sink.to('reader@example.com')).toHaveLength(1);
  });

  it('a closed report accepted with a last day marks the spot temporarily closed; rejecting keeps the record with its state', async () => {
    const spot = picked[3]!;
    expect((await send(spot.id, { kind: 'closed', note: 'Sign on the door says renovating', token: token(spot.id) })).status).toBe(201);
    expect((await send(spot.id, { kind: 'edit', field: 'priceLevel', proposed: '$$$$', token: token(spot.id) })).status).toBe(201);
    const [report, price] = await stored(spot.id);
    const listed = (await inbox()).open;
    expect(listed.find((item) => item.id === price!.id)!.diff[0]).toMatchObject({ label: 'Price ($ to $$$$)', proposed: '$$$$' });

    const rejected = await call(server, owner, 'POST', `/api/admin/corrections/${price!.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toEqual({ id: price!.id, state: 'rejected' });
    expect(await entries('suggestion', `correction-${price!.id}`)).toMatchObject([{ event: 'correction rejected', after: { state: 'rejected', field: 'priceLevel' } }]);

    // A correction accepted earlier while mail was not set up: its thank-you is still queued.
    const [earlier] = await db
      .insert(readerCorrections)
      .values({
        spotId: spot.id,
        kind: 'edit',
        field: 'hook',
        proposed: 'Old hook',
        email: 'earlier@example.com',
        state: 'accepted',
        decidedAt: new Date(Date.now() - 60_000),
        thanks: 'queued',
      })
      .returning();

    const until = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const version = listed.find((item) => item.id === report!.id)!.spot.version;
    const accepted = await call(server, owner, 'POST', `/api/admin/corrections/${report!.id}/accept`, { version, closedUntil: until });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ state: 'accepted', thanks: 'none' });
    const [now] = await db.select().from(spots).where(eq(spots.id, spot.id));
    expect(now).toMatchObject({ status: 'temporarily-closed', closedUntil: until, priceLevel: spot.priceLevel });
    expect((await entries('spot', String(spot.id))).at(-1)).toMatchObject({
      event: "marked temporarily closed from a reader's report",
      publicLine: 'Closed for now, as a reader told us',
    });
    // The queued thank-you goes out after the accept is answered, once.
    await expect.poll(() => sink.to('earlier@example.com').length).toBe(1);
    expect(sink.to('earlier@example.com')[0]!.parsed.subject).toBe(`Thanks for your correction to ${spot.name}`);
    expect((await db.select().from(readerCorrections).where(eq(readerCorrections.id, earlier!.id)))[0]!.thanks).toBe('sent');

    // Nothing a reader sent is lost: every row is there, each with its state.
    expect((await stored(spot.id)).map((row) => [row.kind, row.state])).toEqual([
      ['closed', 'accepted'],
      ['edit', 'rejected'],
      ['edit', 'accepted'],
    ]);
    const decided = (await inbox()).decided.map((item) => [item.id, item.state]);
    expect(decided).toEqual(
      expect.arrayContaining([
        [report!.id, 'accepted'],
        [price!.id, 'rejected'],
      ]),
    );
  });

  it('lists a spot with an open correction as due for a re-check: "Reported by readers"', async () => {
    const spot = picked[4]!;
    await db.update(spots).set({ verifiedAt: new Date() }).where(eq(spots.id, spot.id));
    const row = (page: string) => page.split('<li').find((r) => r.includes(`/admin/spots/${spot.id}"`)) ?? '';
    expect(row(await html('/admin/spots?due=recheck', owner))).toBe('');
    expect((await send(spot.id, { kind: 'edit', field: 'website', proposed: 'https://example.com/new', token: token(spot.id) })).status).toBe(201);
    expect(row(await html('/admin/spots?due=recheck', owner))).toContain('Reported by readers');
  });
});

describe('Create spot from suggestion', () => {
  it('makes a pre-filled draft from an approved suggestion, once, with its History entry', async () => {
    const made = await call(server, reader(), 'POST', '/api/suggestions', {
      spotName: 'Saguaro Sunrise Cafe',
      description: 'Breakfast burritos and a patio facing the McDowells.',
      link: 'https://saguaro-sunrise.example.com',
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const early = await call(server, owner, 'POST', `/api/suggestions/${id}/spot`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe('Approve the suggestion before making a spot from it.');

    expect((await call(server, owner, 'POST', `/api/suggestions/${id}/approve`)).status).toBe(200);
    const created = await call(server, owner, 'POST', `/api/suggestions/${id}/spot`);
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: number; slug: string; editorUrl: string };
    expect(body).toEqual({ id: body.id, slug: 'saguaro-sunrise-cafe', editorUrl: `/admin/spots/${body.id}` });
    const [spot] = await db.select().from(spots).where(eq(spots.id, body.id));
    expect(spot).toMatchObject({
      name: 'Saguaro Sunrise Cafe',
      description: 'Breakfast burritos and a patio facing the McDowells.',
      website: 'https://saguaro-sunrise.example.com',
      draft: 1,
    });
    expect(await entries('spot', String(body.id))).toMatchObject([{ event: 'added as a draft from a suggestion', actorName: 'Owner' }]);
    expect((await call(server, null, 'GET', `/spots/${body.slug}`, undefined, { accept: 'text/html' })).status).toBe(404);
    expect((await call(server, owner, 'GET', body.editorUrl, undefined, { accept: 'text/html' })).status).toBe(200);

    const twice = await call(server, owner, 'POST', `/api/suggestions/${id}/spot`);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { message: string }).message).toBe('There is already a spot named Saguaro Sunrise Cafe. Find it in Spots.');
    expect(await db.select().from(spots).where(eq(spots.name, 'Saguaro Sunrise Cafe'))).toHaveLength(1);
  });
});

describe('loves, visits and views by spot id', () => {
  it('are refused for a draft (404) and a closed spot (409) with nothing written; an open spot still counts', async () => {
    const spot = picked[5]!;
    const visitor = reader();
    const counts = async () => {
      const [row] = await db.select({ loved: spots.lovedCount, visited: spots.visitedCount, views: spots.viewCount }).from(spots).where(eq(spots.id, spot.id));
      const rows = await db.select().from(userEngagements).where(eq(userEngagements.spotId, spot.id));
      return { ...row, rows: rows.length };
    };
    expect(await html(`/spots/${spot.slug}`)).toContain('data-count="loved"');
    const before = await counts();
    const tryAll = async (status: number, message: string) => {
      const baseline = await counts();
      for (const action of ['love', 'visit', 'view']) {
        const response = await call(server, visitor, 'POST', `/api/spots/${spot.id}/${action}`);
        expect([action, response.status]).toEqual([action, status]);
        expect(((await response.json()) as { message: string }).message).toBe(message);
      }
      expect(await counts()).toEqual(baseline);
    };
    await db.update(spots).set({ draft: 1 }).where(eq(spots.id, spot.id));
    await tryAll(404, 'Spot not found');
    await db.update(spots).set({ draft: 0, status: 'permanently-closed' }).where(eq(spots.id, spot.id));
    await tryAll(409, 'This spot is closed, so loves, visits and views are not counted for it.');
    // Its page stays, without the buttons that could not count.
    const closedPage = await html(`/spots/${spot.slug}`);
    expect(closedPage).toContain('Permanently closed');
    expect(closedPage).not.toContain('data-count="loved"');
    await db.update(spots).set({ status: 'temporarily-closed', closedUntil: '2999-01-01' }).where(eq(spots.id, spot.id));
    await tryAll(409, 'This spot is closed, so loves, visits and views are not counted for it.');

    // Its closure over, it counts again.
    await db.update(spots).set({ status: 'temporarily-closed', closedUntil: '2020-01-01' }).where(eq(spots.id, spot.id));
    const love = await call(server, visitor, 'POST', `/api/spots/${spot.id}/love`);
    expect(love.status).toBe(200);
    expect(await love.json()).toMatchObject({ id: spot.id, lovedCount: before.loved! + 1, counted: true });
  });
});
