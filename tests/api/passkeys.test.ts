// Staff passkeys end to end against the built server, with a software authenticator
// (tests/support/soft-authenticator.ts): adding one (challenge, origin, RP ID), signing in with it
// (counter, last use, session, known device), every refusal (replayed or run-out challenge, wrong
// origin, unknown passkey, counter gone back, disabled account), removal with its History entry,
// and that guesses at the admin password from many addresses do not hold a passkey sign-in.
// The back-off test comes last: it would hold every later password sign-in.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, passkeyChallenges, staff, staffPasskeys } from '../../db/schema';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';

const PASSWORD = 'saguaro-passkey-password-2026';
const CHALLENGE_USED = 'This passkey request has run out or was already used. Please try again.';
const NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
const UNKNOWN_PASSKEY = 'This passkey is not known here. Sign in with your password, then add it on Your account.';
const ACCOUNT_DISABLED = 'This account is disabled. Ask an Owner to turn it back on.';
const TOO_MANY = 'Too many failed attempts. Please wait a minute and try again.';

let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' } });
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

/** A browser: its cookies, and the address our (trusted) proxy says it comes from. */
class Browser extends CookieJar {
  constructor(public address = '198.18.1.1') {
    super();
  }
}

async function call(browser: Browser, method: string, path: string, body?: unknown) {
  const response = await server.fetch(path, {
    method,
    redirect: 'manual',
    headers: {
      origin: server.url,
      'x-forwarded-for': browser.address,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(browser.header() ? { cookie: browser.header() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  browser.store(response);
  return response;
}

async function signInOwner(): Promise<Browser> {
  const browser = new Browser();
  expect((await call(browser, 'POST', '/api/admin/auth', { password: PASSWORD })).status).toBe(200);
  return browser;
}

const rpId = () => new URL(server.url).hostname;
const owner = async () => (await db.select().from(staff).where(eq(staff.builtIn, true)))[0]!;
const passkeyRow = async (id: string) => (await db.select().from(staffPasskeys).where(eq(staffPasskeys.id, id)))[0];

/** Asks for a registration challenge and answers it with the authenticator. */
async function register(browser: Browser, authenticator: SoftAuthenticator, name: string, overrides: { clientOrigin?: string } = {}) {
  const options = await (await call(browser, 'POST', '/api/admin/passkeys/options')).json();
  const { credential, response } = authenticator.register(options, server.url, overrides);
  return { credential, response, options, answer: await call(browser, 'POST', '/api/admin/passkeys', { name, response }) };
}

/** Asks for a sign-in challenge at the gate and answers it. */
async function signInWithPasskey(browser: Browser, authenticator: SoftAuthenticator, overrides: Parameters<SoftAuthenticator['authenticate']>[2] = {}) {
  const options = await (await call(browser, 'POST', '/api/admin/passkeys/sign-in/options')).json();
  const response = authenticator.authenticate(options, server.url, overrides);
  return { options, response, answer: await call(browser, 'POST', '/api/admin/passkeys/sign-in', { response }) };
}

describe('adding a passkey', () => {
  it('gives a discoverable, user-verification-preferred challenge for this host, keeps the passkey with its name, and writes History', async () => {
    const browser = await signInOwner();
    const authenticator = new SoftAuthenticator();
    const { options, credential, answer } = await register(browser, authenticator, '  Work laptop  ');
    expect(options.rp).toEqual({ name: 'Scottsdale Local Guide', id: rpId() });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' });
    expect(options.attestation).toBe('none');
    expect(answer.status).toBe(201);
    const { passkeys } = await answer.json();
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]).toMatchObject({ id: credential.id, name: 'Work laptop', lastUsedAt: null });
    expect((await passkeyRow(credential.id))!).toMatchObject({ staffId: (await owner()).id, counter: 0, transports: ['internal'] });
    // Listed for its owner; the challenge was used up.
    expect((await (await call(browser, 'GET', '/api/admin/passkeys')).json()).passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    expect(await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.purpose, 'register'))).toEqual([]);
    const [entry] = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'staff'), eq(history.event, 'passkey added')));
    expect(entry).toMatchObject({
      actorId: (await owner()).id,
      actorName: 'Owner',
      subjectId: String((await owner()).id),
      subjectLabel: 'Owner',
      after: { passkey: 'Work laptop' },
    });
    // The page lists it.
    expect(await (await call(browser, 'GET', '/admin/account')).text()).toContain('Work laptop');
  });

  it('refuses a replayed registration, another origin, a missing name and a caller without a session', async () => {
    const browser = await signInOwner();
    const authenticator = new SoftAuthenticator();
    const first = await register(browser, authenticator, 'Phone');
    expect(first.answer.status).toBe(201);
    const replay = await call(browser, 'POST', '/api/admin/passkeys', { name: 'Phone again', response: first.response });
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe(CHALLENGE_USED);

    const phishing = await register(browser, authenticator, 'Look-alike', { clientOrigin: 'https://scottsdale-guide.example' });
    expect(phishing.answer.status).toBe(400);
    expect((await phishing.answer.json()).message).toBe(NOT_VERIFIED);
    expect(await passkeyRow(phishing.credential.id)).toBeUndefined();

    const unnamed = await register(browser, authenticator, '   ');
    expect(unnamed.answer.status).toBe(400);
    expect((await unnamed.answer.json()).message).toBe('Name your passkey, for example “Work laptop”.');

    const stranger = new Browser('198.18.1.2');
    for (const [method, path] of [
      ['POST', '/api/admin/passkeys/options'],
      ['GET', '/api/admin/passkeys'],
      ['DELETE', `/api/admin/passkeys/${first.credential.id}`],
    ] as const) {
      const refused = await call(stranger, method, path);
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect((await refused.json()).message).toBe('Admin sign-in required.');
    }
    expect(await passkeyRow(first.credential.id)).toBeDefined();
  });
});

describe('signing in with a passkey', () => {
  it('starts a staff session for the passkey’s account, marks the device, and moves the counter and last use', async () => {
    const authenticator = new SoftAuthenticator();
    const { credential } = await register(await signInOwner(), authenticator, 'Desk key');
    const browser = new Browser('198.18.2.1');
    const { options, answer } = await signInWithPasskey(browser, authenticator);
    // Usernameless: no list of passkeys in the challenge, the authenticator offers its own.
    expect(options).toMatchObject({ rpId: rpId(), userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ authenticated: true });
    expect(browser.get('admin_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.get('admin_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.headers.getSetCookie().find((c) => c.startsWith('admin_device='))).toContain('Path=/api/admin/auth');
    const used = (await passkeyRow(credential.id))!;
    expect(used.counter).toBe(1);
    expect(used.lastUsedAt).toBeInstanceOf(Date);
    // The session is the Owner's: their page opens.
    const page = await call(browser, 'GET', '/admin/account');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Desk key');

    expect((await signInWithPasskey(new Browser('198.18.2.2'), authenticator)).answer.status).toBe(200);
    expect((await passkeyRow(credential.id))!.counter).toBe(2);
  });

  it('refuses a replayed answer, a run-out challenge, another origin, a counter gone back and an unknown passkey', async () => {
    const authenticator = new SoftAuthenticator();
    const { credential } = await register(await signInOwner(), authenticator, 'Travel key');
    const browser = new Browser('198.18.3.1');

    const first = await signInWithPasskey(browser, authenticator);
    expect(first.answer.status).toBe(200);
    const replay = await call(new Browser('198.18.3.2'), 'POST', '/api/admin/passkeys/sign-in', { response: first.response });
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe(CHALLENGE_USED);

    const late = new Browser('198.18.3.3');
    const options = await (await call(late, 'POST', '/api/admin/passkeys/sign-in/options')).json();
    await db.update(passkeyChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call(late, 'POST', '/api/admin/passkeys/sign-in', { response: authenticator.authenticate(options, server.url) });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe(CHALLENGE_USED);

    const phishing = await signInWithPasskey(new Browser('198.18.3.4'), authenticator, { clientOrigin: 'https://scottsdale-guide.example' });
    expect(phishing.answer.status).toBe(400);
    expect((await phishing.answer.json()).message).toBe(NOT_VERIFIED);
    expect(phishing.answer.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(false);

    // A cloned authenticator answers with a counter the site has already seen.
    const counterBefore = (await passkeyRow(credential.id))!.counter;
    expect(counterBefore).toBe(1);
    const cloned = await signInWithPasskey(new Browser('198.18.3.5'), authenticator, { counter: counterBefore });
    expect(cloned.answer.status).toBe(400);
    expect((await cloned.answer.json()).message).toBe(NOT_VERIFIED);
    expect((await passkeyRow(credential.id))!.counter).toBe(counterBefore);

    const unknown = await signInWithPasskey(new Browser('198.18.3.6'), authenticator, { credential: authenticator.stranger(rpId()) });
    expect(unknown.answer.status).toBe(401);
    expect((await unknown.answer.json()).message).toBe(UNKNOWN_PASSKEY);
    // Its challenge was spent all the same: none of these challenges is left to answer.
    const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');
    for (const challenge of [unknown.options.challenge, cloned.options.challenge, phishing.options.challenge, first.options.challenge]) {
      expect(
        await db
          .select()
          .from(passkeyChallenges)
          .where(eq(passkeyChallenges.id, hashOf(challenge))),
      ).toEqual([]);
    }
  });

  it('signs in to the passkey’s own account, and not once that account is disabled', async () => {
    const authenticator = new SoftAuthenticator();
    const { credential } = await register(await signInOwner(), authenticator, 'Editor key');
    const [editor] = await db.insert(staff).values({ email: 'mesa@example.com', name: 'Mesa Editor', role: 'editor' }).returning();
    await db.update(staffPasskeys).set({ staffId: editor!.id }).where(eq(staffPasskeys.id, credential.id));

    const browser = new Browser('198.18.4.1');
    expect((await signInWithPasskey(browser, authenticator)).answer.status).toBe(200);
    const page = await (await call(browser, 'GET', '/admin/account')).text();
    expect(page).toContain('Mesa Editor');
    expect(page).toContain('mesa@example.com');

    await db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, editor!.id));
    const refused = await signInWithPasskey(new Browser('198.18.4.2'), authenticator);
    expect(refused.answer.status).toBe(403);
    expect((await refused.answer.json()).message).toBe(ACCOUNT_DISABLED);
    expect(refused.answer.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(false);
  });
});

describe('removing a passkey', () => {
  it('removes only your own, writes History, and the removed passkey signs in no more', async () => {
    const browser = await signInOwner();
    const authenticator = new SoftAuthenticator();
    const { credential } = await register(browser, authenticator, 'Old phone');
    const [other] = await db.insert(staff).values({ email: 'dune@example.com', name: 'Dune Support', role: 'support' }).returning();
    const theirs = new SoftAuthenticator();
    const { credential: theirCredential } = await register(browser, theirs, 'Not yours');
    await db.update(staffPasskeys).set({ staffId: other!.id }).where(eq(staffPasskeys.id, theirCredential.id));

    const notMine = await call(browser, 'DELETE', `/api/admin/passkeys/${theirCredential.id}`);
    expect(notMine.status).toBe(404);
    expect((await notMine.json()).message).toBe('No such passkey on your account.');
    expect(await passkeyRow(theirCredential.id)).toBeDefined();

    const removed = await call(browser, 'DELETE', `/api/admin/passkeys/${credential.id}`);
    expect(removed.status).toBe(200);
    expect((await removed.json()).passkeys.map((p: { id: string }) => p.id)).not.toContain(credential.id);
    expect(await passkeyRow(credential.id)).toBeUndefined();
    const [entry] = await db.select().from(history).where(eq(history.event, 'passkey removed'));
    expect(entry).toMatchObject({ kind: 'staff', actorName: 'Owner', before: { passkey: 'Old phone' }, after: null });

    const after = await signInWithPasskey(new Browser('198.18.5.1'), authenticator, { credential });
    expect(after.answer.status).toBe(401);
    expect((await after.answer.json()).message).toBe(UNKNOWN_PASSKEY);
  });
});

describe('a passkey beats a lockout', () => {
  it('after 20+ wrong passwords from rotating addresses, the password waits but a passkey from a new address signs in', async () => {
    const authenticator = new SoftAuthenticator();
    expect((await register(await signInOwner(), authenticator, 'Lockout key')).answer.status).toBe(201);

    const statuses = [];
    for (let i = 0; i < 22; i++) statuses.push((await call(new Browser(`203.0.113.${i}`), 'POST', '/api/admin/auth', { password: `guess-${i}` })).status);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);

    const traveller = new Browser('198.51.100.77');
    const password = await call(traveller, 'POST', '/api/admin/auth', { password: PASSWORD });
    expect(password.status).toBe(429);
    expect((await password.json()).message).toBe(TOO_MANY);

    const { answer } = await signInWithPasskey(traveller, authenticator);
    expect(answer.status).toBe(200);
    expect((await call(traveller, 'GET', '/api/admin/passkeys')).status).toBe(200);
  });
});
