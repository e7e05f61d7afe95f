/**
 * Clerk sign-in is wired in only when its keys are set at build time. This suite builds the site
 * with keys of a fake Clerk instance (into a temp folder; the shared dist/ stays keyless) and
 * checks the pages, the Content-Security-Policy and the client output; then it signs requests
 * with session tokens minted like Clerk's and checks that the server knows the user, verifying
 * the token both through the Backend API's JWKS (CLERK_API_URL pointing at tests/fakes) and
 * without any call (CLERK_JWT_KEY). The keyless dist/ is checked to have no Clerk at all.
 *
 * The fake's publishable key is a `pk_live_` one, a production instance. A development instance
 * (`pk_test_`) redirects every page navigation without Clerk's dev-browser cookie to Clerk's
 * handshake on the network, which a test cannot reach; a production instance answers a visitor
 * without Clerk cookies as signed out, exactly as in production.
 */
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { and, eq } from 'drizzle-orm';
import { funnelEvents, memberLabels, newsletterSubscribers, savedSpots, spots, subscribers, userEngagements, users } from '../../db/schema';
import { startFakeClerk, type FakeClerk } from '../fakes/clerk-server';
import { buildSeparately, type SeparateBuild } from '../support/separate-build';
import { startTestServer, type TestServer } from '../support/server';
import { issuedVisitor, newVisitor } from '../support/visitor';

const ROOT = resolve(import.meta.dirname, '../..');

let clerk: FakeClerk;
let build: SeparateBuild;
let work: string;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Files under `dir` whose bytes (compressed copies expanded) contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  return filesUnder(dir)
    .filter((file) => {
      const bytes = readFileSync(file);
      const texts = [bytes.toString('latin1')];
      try {
        if (file.endsWith('.gz')) texts.push(gunzipSync(bytes).toString('latin1'));
        if (file.endsWith('.br')) texts.push(brotliDecompressSync(bytes).toString('latin1'));
      } catch {
        // Not actually compressed: the raw bytes were searched.
      }
      return texts.some((text) => text.includes(needle));
    })
    .map((file) => relative(dir, file));
}

/** A page load as a browser makes it: a top-level document navigation. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** An HTML attribute's value as the browser reads it. */
const unescapeAttribute = (value: string) =>
  value.replace(/&(quot|#34|#39|amp|lt|gt);/g, (_, name: string) => ({ quot: '"', '#34': '"', '#39': "'", amp: '&', lt: '<', gt: '>' })[name]!);

/** Inline scripts the browser would run (JSON data blocks are not run, so CSP does not apply). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/json"/.test(m[1]!))
    .map((m) => m[2]!)
    .filter((body) => body.trim());
}

beforeAll(async () => {
  clerk = await startFakeClerk();
  build = await buildSeparately({ PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.publishableKey, CLERK_SECRET_KEY: clerk.secretKey });
  work = build.root;
}, 300_000);

afterAll(async () => {
  await clerk?.stop();
  build?.remove();
});

/** The Clerk build served with the fake's keys; extra variables choose how tokens are verified. */
function startClerkServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    root: work,
    env: {
      PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.publishableKey,
      CLERK_SECRET_KEY: clerk.secretKey,
      CLERK_API_URL: clerk.url,
      SESSION_SECRET: 'clerk-test-session-secret-long-enough-0000',
      ...env,
    },
  });
}

describe('built with Clerk keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startClerkServer();
  });
  afterAll(async () => server?.stop());

  it.each([
    ['/sign-in', 'sign-in'],
    ['/sign-up', 'sign-up'],
  ])('%s answers 200 with the Clerk widget mount point and the demo toggle', async (path, widget) => {
    const response = await server.fetch(path, { headers: NAVIGATION });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-clerk-auth-status')).toBe('signed-out');
    const html = await response.text();
    expect(html).toContain(`data-clerk-widget="${widget}"`);
    const toggle = html.match(/<button([^>]*)>Use demo sign-in instead<\/button>/)?.[1];
    expect(toggle).toMatch(/\bclass="[^"]*\bauth-choice__toggle\b[^"]*"/);
    expect(toggle).toContain('aria-pressed="false"');
    // clerk-js is loaded from the instance's Frontend API, named by the publishable key.
    expect(html).toContain(`<script src="https://${clerk.frontendApiHost}/npm/@clerk/clerk-js@`);
    expect(html).toContain(`data-clerk-publishable-key="${clerk.publishableKey}"`);
    // The island that fills the mount point is Clerk's widget, mounted through clerk-js.
    const island = html.match(/<astro-island[^>]*component-url="([^"]+)"[^>]*>(?:(?!<\/astro-island>)[\s\S])*data-clerk-widget/)?.[1];
    expect(island).toMatch(/^\/_astro\/ClerkAuthChoice\.[\w-]+\.js$/);
    const chunk = await (await server.fetch(island!)).text();
    expect(chunk).toContain(widget === 'sign-in' ? 'mountSignIn' : 'mountSignUp');
  });

  it('sign-in returns to the page the visitor came from, else /account', async () => {
    const island = async (headers: Record<string, string>, query = '') => {
      const html = await (await server.fetch(`/sign-in${query}`, { headers: { ...NAVIGATION, ...headers } })).text();
      return JSON.parse(unescapeAttribute(html.match(/<astro-island[^>]*ClerkAuthChoice[^>]*props="([^"]+)"/)![1]!)).returnTo[1];
    };
    expect(await island({})).toBe('/account');
    expect(await island({ referer: `${server.url}/spots?tag=hike` })).toBe('/spots?tag=hike');
    expect(await island({ referer: 'https://elsewhere.example/spots' })).toBe('/account');
    expect(await island({ referer: `${server.url}/sign-up` })).toBe('/account');
    expect(await island({}, `?redirect_url=${encodeURIComponent(`${server.url}/blog`)}`)).toBe('/blog');
    expect(await island({}, `?redirect_url=${encodeURIComponent('https://evil.example/x')}`)).toBe('/account');
  });

  it('the Content-Security-Policy allows what Clerk needs: its Frontend API, bot protection, images, blob workers, inline styles', async () => {
    const response = await server.fetch('/sign-in', { headers: NAVIGATION });
    const policy = directives(response.headers.get('content-security-policy')!);
    const fapi = `https://${clerk.frontendApiHost}`;
    expect(policy.get('script-src')).toEqual(expect.arrayContaining(["'self'", fapi, 'https://challenges.cloudflare.com']));
    expect(policy.get('connect-src')).toEqual(["'self'", fapi]);
    expect(policy.get('img-src')).toContain('https://img.clerk.com');
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // Scripts stay strict: no unsafe-inline, and every inline script is allowed by its hash.
    const scriptSrc = policy.get('script-src')!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const html = await response.text();
    const inline = inlineScripts(html);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  });

  it('a visitor without Clerk cookies navigates normally (no handshake redirect) and is signed out', async () => {
    const response = await server.fetch('/', { headers: NAVIGATION, redirect: 'manual' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-clerk-state="signed-out"');
    expect(await (await server.fetch('/api/account')).json()).toEqual({ user: null, subscriber: null });
  });

  it('the guards still come first: cross-site and non-JSON writes are refused before Clerk', async () => {
    const crossSite = await server.fetch('/api/subscribe', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    const form = await server.fetch('/api/subscribe', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co',
    });
    expect(form.status).toBe(415);
  });

  it('the secret key is nowhere in the build; the publishable key is in the client, as Clerk needs it there', () => {
    expect(filesContaining(join(work, 'dist/client'), clerk.secretKey)).toEqual([]);
    expect(filesContaining(join(work, 'dist/server'), clerk.secretKey)).toEqual([]);
    expect(filesContaining(join(work, 'dist/client/_astro'), clerk.publishableKey).length).toBeGreaterThan(0);
  });
});

describe('a Clerk session on each request', () => {
  let server: TestServer;
  const PAID = 'paid.member@example.com';
  let paidUser: string;
  let freeUser: string;
  let unverifiedPaidUser: string;

  beforeAll(async () => {
    server = await startClerkServer();
    const db = openDatabase({ url: server.databaseUrl });
    await db.insert(subscribers).values({ email: PAID, subscriptionStatus: 'active', stripeCustomerId: 'cus_paid', stripeSubscriptionId: 'sub_paid' });
    db.$client.close();
    paidUser = clerk.addUser({ email: PAID, firstName: 'Ana', lastName: 'Ruiz' });
    freeUser = clerk.addUser({ email: 'free.reader@example.com', firstName: 'Sam' });
    unverifiedPaidUser = clerk.addUser({ email: PAID, verified: false });
  });
  afterAll(async () => server?.stop());

  /** Cookies a browser signed in to Clerk sends: the session token and the client's last update. */
  const signedIn = (token: string, extra = '') => {
    const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat as number;
    return `__session=${token}; __client_uat=${iat}${extra ? `; ${extra}` : ''}`;
  };
  const account = async (cookie: string) => (await server.fetch('/api/account', { headers: { cookie } })).json();
  const view = (id: number, cookie: string) => server.fetch(`/api/spots/${id}/view`, { method: 'POST', headers: { origin: server.url, cookie } });

  it('the server knows the user: id, primary email (verified), and that email as the subscriber, unlocked by its subscription', async () => {
    const before = clerk.requests.length;
    const body = await account(signedIn(clerk.mintSessionToken(paidUser, { azp: server.url })));
    expect(body).toEqual({
      user: { id: paidUser, email: PAID, emailVerified: true, firstName: 'Ana', name: 'Ana Ruiz' },
      subscriber: { email: PAID, verified: true, isActive: true, isFoundingMember: false },
    });
    // The token was checked against the instance's JWKS and the user read, both with the secret key.
    const calls = clerk.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(calls).toContain(`GET /v1/users/${paidUser} 200`);
    expect(clerk.requests.filter((r) => r.path === '/v1/jwks').every((r) => r.authorization === `Bearer ${clerk.secretKey}`)).toBe(true);
    expect(clerk.requests.some((r) => r.path === '/v1/jwks' && r.status === 200)).toBe(true);
  });

  it('a paid subscriber on a new device is locked after three views until they sign in with Clerk', async () => {
    // On the new device they typed their email (as the subscribe dialog does): known, not verified.
    const claim = await server.fetch('/api/create-subscription', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: PAID }),
    });
    const device = claim.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => /^(sid|subscriber)=/.test(c));
    expect(device.map((c) => c.split('=')[0]).sort()).toEqual(['sid', 'subscriber']);
    const deviceCookie = device.join('; ');
    for (const id of [1, 2, 3]) expect((await view(id, deviceCookie)).status).toBe(200);
    expect((await view(4, deviceCookie)).status).toBe(402);
    // A typed email is not told whether that address pays.
    expect((await account(deviceCookie)).subscriber).toEqual({ email: PAID, verified: false, isActive: false, isFoundingMember: false });

    // Signed in through Clerk on that device, the same email counts as verified: unlocked.
    const withClerk = () => signedIn(clerk.mintSessionToken(paidUser), deviceCookie);
    for (const id of [4, 5, 6]) expect((await view(id, withClerk())).status).toBe(200);
    const list = await (await server.fetch('/api/spots', { headers: { cookie: withClerk() } })).json();
    expect(list.spots.length).toBeGreaterThan(0);
    expect(list.spots.filter((s: { locked?: boolean }) => s.locked)).toEqual([]);
    const page = await (await server.fetch('/spots', { headers: { ...NAVIGATION, cookie: withClerk() } })).text();
    expect(page).toContain('google.com/maps');

    // Without the Clerk session the device is back to its own, unverified claim.
    expect((await view(7, deviceCookie)).status).toBe(402);
  });

  it('a signed-in user without a subscription gets the free three views, then 402, like any email holder', async () => {
    const cookie = () => signedIn(clerk.mintSessionToken(freeUser));
    expect(await account(cookie())).toMatchObject({ subscriber: { email: 'free.reader@example.com', verified: true, isActive: false } });
    const first = await view(1, cookie());
    const sid = issuedVisitor(first)!.cookie;
    expect((await view(2, `${cookie()}; ${sid}`)).status).toBe(200);
    expect((await view(3, `${cookie()}; ${sid}`)).status).toBe(200);
    expect((await view(4, `${cookie()}; ${sid}`)).status).toBe(402);
  });

  it('an email Clerk has not verified unlocks nothing, even a paid one', async () => {
    const body = await account(signedIn(clerk.mintSessionToken(unverifiedPaidUser)));
    expect(body).toEqual({ user: { id: unverifiedPaidUser, email: PAID, emailVerified: false, firstName: null, name: null }, subscriber: null });
  });

  it('pages greet the Clerk user in the header and hand their profile to the browser', async () => {
    const html = await (await server.fetch('/', { headers: { ...NAVIGATION, cookie: signedIn(clerk.mintSessionToken(paidUser)) } })).text();
    expect(html).toContain('data-clerk-state="signed-in"');
    expect(html).toMatch(/<span class="greeting"[^>]*>\s*Hi, Ana\s*<\/span>/);
    expect(html).toMatch(/<a class="btn btn--secondary btn--small" href="\/sign-in" data-auth="signed-out" hidden/);
    const profile = unescapeAttribute(html.match(/data-clerk-user="([^"]+)"/)![1]!);
    expect(JSON.parse(profile)).toEqual({ email: PAID, firstName: 'Ana', name: 'Ana Ruiz' });
  });

  it('signing in to Clerk as another address never locks out what this browser paid for', async () => {
    // This browser paid as PAID's customer (a verified subscriber cookie); the Clerk user is the free reader.
    const value = JSON.stringify({ email: PAID, verified: true, customer: 'cus_paid' });
    const paidCookie = `subscriber=${encodeURIComponent(`${value}.${createHmac('sha256', 'clerk-test-session-secret-long-enough-0000').update(value).digest('base64url')}`)}`;
    const cookie = signedIn(clerk.mintSessionToken(freeUser), `${paidCookie}; ${(await newVisitor(server.url)).cookie}`);
    expect(await account(cookie)).toMatchObject({ subscriber: { email: PAID, verified: true, isActive: true } });
    const free = signedIn(clerk.mintSessionToken(freeUser), (await newVisitor(server.url)).cookie);
    expect(await account(free)).toMatchObject({ subscriber: { email: 'free.reader@example.com', isActive: false } });
  });

  it('a page rendered for a signed-in user is private, so no shared cache shows their name to others', async () => {
    const sid = (await newVisitor(server.url)).cookie;
    const slug = ((await (await server.fetch('/api/blog', { headers: { cookie: sid } })).json()) as { slug: string }[])[0]!.slug;
    const anonymous = await server.fetch(`/blog/${slug}`, { headers: { ...NAVIGATION, cookie: sid } });
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    const personal = await server.fetch(`/blog/${slug}`, { headers: { ...NAVIGATION, cookie: signedIn(clerk.mintSessionToken(paidUser), sid) } });
    expect(await personal.text()).toContain('Hi, Ana');
    expect(personal.headers.get('cache-control')).toBe('private, no-cache');
    expect(personal.headers.get('vary')).toMatch(/\bCookie\b/);
    expect(anonymous.headers.get('vary')).toMatch(/\bCookie\b/);
  });

  it('a token signed by another key is ignored: signed out', async () => {
    const forged = signedIn(clerk.mintForeignToken(paidUser));
    expect(await account(forged)).toEqual({ user: null, subscriber: null });
    const response = await server.fetch('/api/spots/1/view', { method: 'POST', headers: { origin: server.url, cookie: forged } });
    expect(response.status).toBe(200);
    const html = await (await server.fetch('/', { headers: { accept: 'text/html', cookie: forged } })).text();
    expect(html).toContain('data-clerk-state="signed-out"');
    expect(html).not.toContain('Hi, Ana');
  });

  it('an expired token is not accepted', async () => {
    const expired = clerk.mintSessionToken(paidUser, { issuedAt: Math.floor(Date.now() / 1000) - 600, lifetimeSeconds: 60 });
    expect(await account(signedIn(expired))).toEqual({ user: null, subscriber: null });
  });

  it('deleting my account when signed in with Clerk: the Clerk user goes (its sessions end), data tied to the proven email goes, invoices stay', async () => {
    const EMAIL = 'leaving.clerk@example.com';
    const leaver = clerk.addUser({ email: EMAIL, firstName: 'Lee' });
    const token = clerk.mintSessionToken(leaver);
    const cookie = signedIn(token, (await newVisitor(server.url)).cookie);
    const send = (method: string, path: string, body?: unknown) =>
      server.fetch(path, {
        method,
        headers: { origin: server.url, cookie, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const db = openDatabase({ url: server.databaseUrl });
    try {
      await db.insert(subscribers).values({ email: EMAIL, stripeCustomerId: 'cus_leaver', stripeSubscriptionId: 'sub_leaver', subscriptionStatus: 'canceled' });
      await db.insert(newsletterSubscribers).values({ email: EMAIL, isActive: true });
      await db.insert(memberLabels).values({ email: EMAIL, label: 'press' });
      await db.insert(funnelEvents).values({ kind: 'paid', sessionId: 'sid-of-leaver', stripeSubscriptionId: 'sub_leaver' });
      expect((await send('POST', '/api/spots/5/love')).status).toBe(200);
      expect((await send('POST', '/api/saved', { spotIds: [5] })).status).toBe(200);
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.provider, 'clerk'), eq(users.subject, leaver)));
      expect(row).toMatchObject({ email: EMAIL });
      const [{ lovedCount: lovedBefore }] = (await db.select({ lovedCount: spots.lovedCount }).from(spots).where(eq(spots.id, 5))) as [{ lovedCount: number }];

      const before = clerk.requests.length;
      const deleted = await send('POST', '/api/account/delete', { confirm: true });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ deleted: true });
      // Clerk was asked to delete the user, with the secret key: that ends their Clerk sessions.
      const calls = clerk.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
      expect(calls).toContain(`DELETE /v1/users/${leaver} 200`);
      expect(clerk.requests.find((r) => r.method === 'DELETE')?.authorization).toBe(`Bearer ${clerk.secretKey}`);

      // Removed: the account, the saved list, the newsletter address and the labels (the email was proven by Clerk).
      expect(await db.select().from(users).where(eq(users.id, row!.id))).toEqual([]);
      expect(await db.select().from(savedSpots).where(eq(savedSpots.userId, row!.id))).toEqual([]);
      expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, EMAIL))).toEqual([]);
      expect(await db.select().from(memberLabels).where(eq(memberLabels.email, EMAIL))).toEqual([]);
      // Kept: the love in the spot's count (no longer anyone's), the subscription row and Stripe customer for invoices, the funnel count.
      expect(await db.select().from(userEngagements).where(eq(userEngagements.userId, row!.id))).toEqual([]);
      const [{ lovedCount: lovedAfter }] = (await db.select({ lovedCount: spots.lovedCount }).from(spots).where(eq(spots.id, 5))) as [{ lovedCount: number }];
      expect(lovedAfter).toBe(lovedBefore);
      expect(await db.select({ customer: subscribers.stripeCustomerId }).from(subscribers).where(eq(subscribers.email, EMAIL))).toEqual([{ customer: 'cus_leaver' }]);
      expect(await db.select({ sessionId: funnelEvents.sessionId }).from(funnelEvents).where(eq(funnelEvents.stripeSubscriptionId, 'sub_leaver'))).toEqual([
        { sessionId: null },
      ]);

      // Sessions ended: the token the browser still holds (valid for its minute) signs nobody in,
      // and using it makes no new account.
      expect(await account(signedIn(token))).toEqual({ user: null, subscriber: null });
      expect((await send('POST', '/api/saved', { spotIds: [6] })).status).toBe(401);
      expect(
        await db
          .select()
          .from(users)
          .where(and(eq(users.provider, 'clerk'), eq(users.subject, leaver))),
      ).toEqual([]);
      expect((await send('POST', '/api/account/delete', { confirm: true })).status).toBe(401);
    } finally {
      db.$client.close();
    }
  });
});

describe('networkless verification with CLERK_JWT_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startClerkServer({ CLERK_JWT_KEY: clerk.publicKeyPem.replaceAll('\n', '\\n') });
  });
  afterAll(async () => server?.stop());

  it('verifies the session with the PEM key, without asking Clerk for its JWKS', async () => {
    const user = clerk.addUser({ email: 'offline.check@example.com', firstName: 'Lee' });
    const jwksCalls = () => clerk.requests.filter((r) => r.path === '/v1/jwks').length;
    const before = jwksCalls();
    const token = clerk.mintSessionToken(user);
    const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat as number;
    const body = await (await server.fetch('/api/account', { headers: { cookie: `__session=${token}; __client_uat=${iat}` } })).json();
    expect(body.user).toMatchObject({ id: user, email: 'offline.check@example.com', emailVerified: true });
    expect(jwksCalls()).toBe(before);
    const forged = clerk.mintForeignToken(user);
    const refused = await (await server.fetch('/api/account', { headers: { cookie: `__session=${forged}; __client_uat=${iat}` } })).json();
    expect(refused.user).toBeNull();
  });
});

describe('built without Clerk keys (the shared dist/)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.stop());

  it('/sign-in shows the demo sign-in directly, with no Clerk script, widget or CSP origin', async () => {
    const response = await server.fetch('/sign-in', { headers: NAVIGATION });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="demo-email"');
    expect(html).toContain('Demo sign-in: any email and password work.');
    expect(html).not.toContain('data-clerk-widget');
    expect(html).not.toContain('Use demo sign-in instead');
    expect(html).not.toMatch(/clerk-js|__CLERK_ASTRO|data-clerk-state/);
    const policy = directives(response.headers.get('content-security-policy')!);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.has('frame-src')).toBe(false);
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(response.headers.get('x-clerk-auth-status')).toBeNull();
  });

  it('no Clerk code ships to the browser', () => {
    const client = join(ROOT, 'dist/client');
    expect(filesUnder(client).length).toBeGreaterThan(10);
    for (const marker of ['@clerk/', 'clerk-js', 'mountSignIn', '__CLERK_ASTRO', 'data-clerk-state']) {
      expect(filesContaining(client, marker), marker).toEqual([]);
    }
  });

  it('the account endpoint answers for the cookie identity only', async () => {
    expect(await (await server.fetch('/api/account')).json()).toEqual({ user: null, subscriber: null });
    expect((await server.fetch('/api/account?email=a@b.co')).status).toBe(400);
  });
});
