// Sessions kept on the server: sign-out, sign-out everywhere and expiry end them for every copy of
// the cookie, the admin's own devices and addresses outlast a restart of the global back-off, and
// the middleware refuses every admin route of every kind without a live staff session. The
// restart comes last: the back-off it sets off would hold every other test's sign-in.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { authSessions, staff } from '../../db/schema';
import { ROUTE_POLICIES } from '../../src/server/http/route-policy.mjs';
import { CookieJar } from '../support/cookie-jar';
import { TEST_ENGINE, startTestServer, type TestServer } from '../support/server';
import { startSqld, type Sqld } from '../support/sqld';
import { tempDatabaseFile } from '../support/temp-db';

const PASSWORD = 'ironwood-session-password-2026';
const ENV = { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' };
const ADMIN_REQUIRED = 'Admin sign-in required.';
const SIGN_IN_REQUIRED = 'Please sign in first.';
const TOO_MANY = 'Too many failed attempts. Please wait a minute and try again.';
const HOUR = 60 * 60 * 1000;

// One database for the whole file, so a server can be restarted on it.
let store: { url: string; stop: () => Promise<void> };
let server: TestServer;
let db: Database;

beforeAll(async () => {
  if (TEST_ENGINE === 'sqld') {
    const sqld: Sqld = await startSqld();
    store = { url: sqld.url, stop: sqld.stop };
  } else {
    const file = tempDatabaseFile();
    store = { url: file.url, stop: async () => file.remove() };
  }
  server = await startTestServer({ databaseUrl: store.url, env: ENV });
  db = openDatabase({ url: store.url });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await store?.stop();
});

/** A browser: its cookies, and the address our (trusted) proxy says it comes from. */
class Browser extends CookieJar {
  constructor(public address = '198.18.0.1') {
    super();
  }
  copy(): Browser {
    const twin = new Browser(this.address);
    for (const pair of this.header().split('; ').filter(Boolean)) {
      const eq = pair.indexOf('=');
      twin.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return twin;
  }
}

async function call(browser: Browser | null, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await server.fetch(path, {
    method,
    redirect: 'manual',
    headers: {
      origin: server.url,
      'x-forwarded-for': browser?.address ?? '198.18.0.250',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(browser && browser.header() ? { cookie: browser.header() } : {}),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  browser?.store(response);
  return response;
}

const whoAmI = async (browser: Browser) => ((await (await call(browser, 'GET', '/api/session')).json()) as { user: { email: string } | null }).user;
const sessionRow = async (token: string) =>
  (
    await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, createHash('sha256').update(token).digest('hex')))
  )[0];

async function signInUser(browser: Browser, email: string) {
  const response = await call(browser, 'POST', '/api/session', { email, password: 'any-password' });
  expect(response.status).toBe(200);
  return browser.get('user')!;
}

async function signInAdmin(browser: Browser) {
  const response = await call(browser, 'POST', '/api/admin/auth', { password: PASSWORD });
  expect(response.status).toBe(200);
  return browser.get('admin_session')!;
}

describe('user sessions (demo sign-in)', () => {
  it('a cookie copied before Sign Out no longer signs in after it', async () => {
    const browser = new Browser();
    await signInUser(browser, 'copied@example.com');
    const stolen = browser.copy();
    expect((await whoAmI(stolen))?.email).toBe('copied@example.com');
    expect((await call(stolen, 'POST', '/api/saved', { spotIds: [1] })).status).toBe(200);

    const signOut = await call(browser, 'DELETE', '/api/session');
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ user: null });
    expect(signOut.headers.getSetCookie().some((c) => /^user=;/.test(c) || /^user=.*Max-Age=0/i.test(c) || /^user=.*Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);

    expect(await whoAmI(stolen)).toBeNull();
    const replay = await call(stolen, 'POST', '/api/saved', { spotIds: [2] });
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toBe(SIGN_IN_REQUIRED);
  });

  it('the cookie holds a random token; the table holds only its SHA-256, with where it was started', async () => {
    const browser = new Browser('198.18.0.7');
    const token = await signInUser(browser, 'hashed@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = (await sessionRow(token))!;
    expect(row).toMatchObject({ kind: 'user', ipAddress: '198.18.0.7', revokedAt: null, idleTimeoutMs: 30 * 24 * HOUR });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 24 * HOUR);
    const everything = JSON.stringify(await db.select().from(authSessions));
    expect(everything).not.toContain(token);
  });

  it('Sign Out everywhere (?scope=all) ends the same user’s session in another browser too', async () => {
    const first = new Browser();
    await signInUser(first, 'everywhere@example.com');
    // The same visitor id in a second browser without the first's sign-in: the same user, another session.
    const second = new Browser();
    second.set('sid', first.get('sid')!);
    await signInUser(second, 'everywhere@example.com');
    expect(second.get('user')).not.toBe(first.get('user'));
    const bystander = new Browser();
    await signInUser(bystander, 'bystander@example.com');

    expect((await call(second, 'DELETE', '/api/session?scope=all')).status).toBe(200);
    expect(await whoAmI(first)).toBeNull();
    expect(await whoAmI(second)).toBeNull();
    expect((await whoAmI(bystander))?.email).toBe('bystander@example.com');
    const bad = await call(bystander, 'DELETE', '/api/session?scope=nowhere');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid query: scope: scope must be this or all');
  });

  it('a session past its absolute expiry signs nobody in', async () => {
    const browser = new Browser();
    const token = await signInUser(browser, 'expired@example.com');
    expect((await whoAmI(browser))?.email).toBe('expired@example.com');
    await db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, (await sessionRow(token))!.id));
    expect(await whoAmI(browser)).toBeNull();
  });
});

describe('staff sessions (the admin)', () => {
  it('last 7 days at most and 12 hours idle, and are written at most once a minute', async () => {
    const browser = new Browser();
    const token = await signInAdmin(browser);
    const row = (await sessionRow(token))!;
    // ADMIN_PASSWORD signs in to the built-in Owner account, made on its first sign-in.
    const [owner] = await db.select().from(staff).where(eq(staff.builtIn, true));
    expect(owner).toMatchObject({ name: 'Owner', role: 'owner', disabledAt: null });
    expect(row).toMatchObject({ kind: 'staff', subject: String(owner!.id), idleTimeoutMs: 12 * HOUR });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 24 * HOUR);
    for (let i = 0; i < 3; i++) expect((await call(browser, 'GET', '/api/suggestions/pending')).status).toBe(200);
    expect((await sessionRow(token))!.lastUsedAt.getTime()).toBe(row.lastUsedAt.getTime());
    // Two minutes without a request: the next one records its use.
    const earlier = new Date(row.lastUsedAt.getTime() - 2 * 60 * 1000);
    await db.update(authSessions).set({ lastUsedAt: earlier }).where(eq(authSessions.id, row.id));
    expect((await call(browser, 'GET', '/api/suggestions/pending')).status).toBe(200);
    expect((await sessionRow(token))!.lastUsedAt.getTime()).toBeGreaterThan(earlier.getTime());
  });

  it('12 hours without use end the session', async () => {
    const browser = new Browser();
    const token = await signInAdmin(browser);
    await db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 12 * HOUR - 1000) })
      .where(eq(authSessions.id, (await sessionRow(token))!.id));
    const response = await call(browser, 'GET', '/api/suggestions/pending');
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe(ADMIN_REQUIRED);
  });

  it('a cookie copied before Sign Out is refused after it; a reload before shows the panel, after it the gate', async () => {
    const browser = new Browser();
    await signInAdmin(browser);
    const stolen = browser.copy();
    const signedIn = await (await call(browser, 'GET', '/admin')).text();
    expect(signedIn).toContain('Add New Spot');
    expect(signedIn).toContain('Sign Out');
    expect(signedIn).not.toContain('Enter password to add new spots');

    const signOut = await call(browser, 'DELETE', '/api/admin/auth');
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ authenticated: false });

    for (const [method, path] of [
      ['GET', '/api/suggestions/pending'],
      ['POST', '/api/suggestions/1/approve'],
    ] as const) {
      const replay = await call(stolen, method, path);
      expect(replay.status, path).toBe(401);
      expect((await replay.json()).message).toBe(ADMIN_REQUIRED);
    }
    const gate = await (await call(stolen, 'GET', '/admin')).text();
    expect(gate).toContain('Admin Access');
    expect(gate).toContain('Enter password to add new spots');
    expect(gate).not.toContain('Add New Spot');
  });

  it('Sign out of every device (?scope=all) ends the admin’s other sessions', async () => {
    const laptop = new Browser();
    const phone = new Browser('198.18.0.2');
    await signInAdmin(laptop);
    await signInAdmin(phone);
    expect((await call(phone, 'GET', '/api/suggestions/pending')).status).toBe(200);
    expect((await call(laptop, 'DELETE', '/api/admin/auth?scope=all')).status).toBe(200);
    expect((await call(phone, 'GET', '/api/suggestions/pending')).status).toBe(401);
    expect((await call(laptop, 'GET', '/api/suggestions/pending')).status).toBe(401);
    const live = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM auth_sessions WHERE kind = 'staff' AND revoked_at IS NULL AND expires_at > ${Date.now()} AND last_used_at + idle_timeout_ms > ${Date.now()}`,
    );
    expect(live[0]!.n).toBe(0);
  });

  it('the old signed cookie format, a made-up token and a cookie of another kind are no session', async () => {
    const user = new Browser();
    const userToken = await signInUser(user, 'kind@example.com');
    const cookies = ['admin_session=admin:99999999999999.bm90LWEtc2lnbmF0dXJl', `admin_session=${'A'.repeat(43)}`, `admin_session=${userToken}`];
    for (const cookie of cookies) {
      const response = await call(null, 'GET', '/api/suggestions/pending', undefined, { cookie });
      expect(response.status, cookie).toBe(401);
    }
  });
});

describe('the middleware enforces every admin route of every kind', () => {
  const adminRoutes = Object.entries(ROUTE_POLICIES).flatMap(([pattern, policy]) =>
    Object.entries(policy.methods)
      .filter(([, rule]) => rule.access === 'admin')
      .map(([method, rule]) => ({ pattern, method, kind: policy.kind, body: rule.body, path: pattern.replace(/\[\.\.\.[^\]]+\]/g, 'x').replace(/\[[^\]]+\]/g, '1') })),
  );

  it('the table has admin routes of more than one kind', () => {
    expect(new Set(adminRoutes.map((r) => r.kind))).toEqual(new Set(['api', 'file', 'page']));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
  });

  async function request(route: (typeof adminRoutes)[number], browser: Browser | null) {
    if (route.body === 'imageUpload') {
      const form = new FormData();
      form.set('note', 'no photo');
      return server.fetch(route.path, {
        method: route.method,
        redirect: 'manual',
        headers: { origin: server.url, ...(browser ? { cookie: browser.header() } : {}) },
        body: form,
      });
    }
    return call(browser, route.method, route.path, route.body === 'json' ? {} : undefined);
  }

  it('without a session: 401 JSON for an API, a 303 to the gate for a page or file', async () => {
    for (const route of adminRoutes) {
      const response = await request(route, null);
      const name = `${route.method} ${route.pattern}`;
      if (route.kind === 'api') {
        expect(response.status, name).toBe(401);
        expect((await response.json()).message, name).toBe(ADMIN_REQUIRED);
      } else {
        expect(response.status, name).toBe(303);
        expect(response.headers.get('location'), name).toBe('/admin');
      }
    }
  });

  it('with a live staff session: never refused', async () => {
    const browser = new Browser('198.18.0.9');
    await signInAdmin(browser);
    for (const route of adminRoutes) {
      const response = await request(route, browser);
      expect([401, 303], `${route.method} ${route.pattern}`).not.toContain(response.status);
    }
  });

  it('the gate itself is public: /admin without a session shows the password gate', async () => {
    const response = await call(null, 'GET', '/admin');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Admin Access');
    expect(html).toContain('Enter password to add new spots');
  });

  it('every signed-in route without a user is 401 "Please sign in first."', async () => {
    const signedIn = Object.entries(ROUTE_POLICIES).flatMap(([pattern, policy]) =>
      Object.entries(policy.methods)
        .filter(([, rule]) => rule.access === 'signed-in')
        .map(([method, rule]) => ({ method, path: pattern.replace(/\[[^\]]+\]/g, '1'), json: rule.body === 'json' })),
    );
    expect(signedIn.length).toBeGreaterThan(0);
    for (const route of signedIn) {
      const response = await call(null, route.method, route.path, route.json ? { spotIds: [1] } : undefined);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect((await response.json()).message).toBe(SIGN_IN_REQUIRED);
    }
  });
});

describe('the admin’s devices and addresses outlast a restart of the global back-off', () => {
  it('20+ wrong passwords from rotating addresses after a restart lock out strangers, not the admin’s known device or address', async () => {
    const device = new Browser('192.0.2.10');
    await signInAdmin(device);
    expect(device.get('admin_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await server.stop();
    server = await startTestServer({ databaseUrl: store.url, prepare: false, env: ENV });

    const statuses = [];
    for (let i = 0; i < 22; i++) statuses.push((await call(null, 'POST', '/api/admin/auth', { password: `guess-${i}` }, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);

    const stranger = await call(new Browser('198.51.100.99'), 'POST', '/api/admin/auth', { password: PASSWORD });
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).message).toBe(TOO_MANY);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(60);

    // The admin's known device, now on an address never seen before.
    const travelling = device.copy();
    travelling.address = '198.51.100.200';
    expect((await call(travelling, 'POST', '/api/admin/auth', { password: PASSWORD })).status).toBe(200);
    // The admin's known address, from a browser without the device cookie.
    expect((await call(new Browser('192.0.2.10'), 'POST', '/api/admin/auth', { password: PASSWORD })).status).toBe(200);
    // A made-up device cookie is no device.
    const forged = new Browser('198.51.100.201');
    forged.set('admin_device', 'B'.repeat(43));
    expect((await call(forged, 'POST', '/api/admin/auth', { password: PASSWORD })).status).toBe(429);
    // The known device's own address limit still applies: 5 wrong, then even the right one waits.
    const limited = [];
    for (let i = 0; i < 6; i++) limited.push((await call(travelling, 'POST', '/api/admin/auth', { password: `device-guess-${i}` })).status);
    expect(limited).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await call(travelling, 'POST', '/api/admin/auth', { password: PASSWORD })).status).toBe(429);
  });
});
