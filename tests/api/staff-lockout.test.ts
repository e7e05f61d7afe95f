// Per-account lockout: 5 wrong passwords for one staff account within 15 minutes, from any mix of
// addresses, pause that account's email-and-password sign-in for 15 minutes, right password or
// not, except on a device the account has signed in on before, so guessing cannot lock a member
// of staff (the Owner included) out. The per-address limit still holds on its own. A server of
// its own: the counters live in the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { Browser, call as callServer, invite, join, signInOwner } from '../support/staff';

const PASSWORD = 'mesquite-owner-password-2026';
const PAUSED = 'This account is paused after too many wrong passwords. Try again in 15 minutes, or sign in on a device you have used before.';
const TOO_MANY = 'Too many failed attempts. Please wait a minute and try again.';

let server: TestServer;
const owner = new Browser('198.18.9.1');
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' } });
  await signInOwner(server, owner, PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

const call = (browser: Browser | null, method: string, path: string, body?: unknown) => callServer(server, browser, method, path, body);
const signIn = (browser: Browser, email: string, password: string) => call(browser, 'POST', '/api/admin/auth', { email, password });

describe('per-account lockout', () => {
  it('5 wrong passwords from 5 addresses pause the account for 15 minutes; its known device still signs in; other accounts and the admin password do not pause', async () => {
    // The account's own laptop: accepting the invite made it a known device of the account.
    const laptop = new Browser('198.18.9.2');
    await join(server, laptop, await invite(server, owner, 'owner.two@example.com', 'owner'), 'Second Owner', 'cholla-garden-gate');
    const device = laptop.get('admin_device');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await join(server, new Browser('198.18.9.3'), await invite(server, owner, 'bystander@example.com', 'editor'), 'Bystander', 'bystander-password');

    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await signIn(new Browser(`203.0.113.${i + 1}`), 'owner.two@example.com', `guess-${i}-password`)).status);
    expect(wrong).toEqual([401, 401, 401, 401, 401]);

    // The right password from a browser the account never used: paused, and nothing is given away.
    const stranger = await signIn(new Browser('203.0.113.50'), 'owner.two@example.com', 'cholla-garden-gate');
    expect(stranger.status).toBe(429);
    expect(((await stranger.json()) as { message: string }).message).toBe(PAUSED);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(stranger.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(stranger.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(false);

    // The account's own device, from another address, still signs in.
    const travelling = new Browser('198.18.9.20');
    travelling.set('admin_device', device!);
    const own = await signIn(travelling, 'owner.two@example.com', 'cholla-garden-gate');
    expect(own.status).toBe(200);
    expect((await call(travelling, 'GET', '/api/admin/staff')).status).toBe(200);
    // …but not with a wrong password: the device skips the pause, never the password.
    expect((await signIn(travelling, 'owner.two@example.com', 'not-the-password')).status).toBe(401);

    // A device known for another account is no key to this one.
    const bystanderDevice = new Browser('198.18.9.21');
    expect((await signIn(bystanderDevice, 'bystander@example.com', 'bystander-password')).status).toBe(200);
    expect((await signIn(bystanderDevice, 'owner.two@example.com', 'cholla-garden-gate')).status).toBe(429);

    // Other accounts and the built-in Owner's admin password are not paused.
    expect((await signIn(new Browser('203.0.113.60'), 'bystander@example.com', 'bystander-password')).status).toBe(200);
    expect((await call(new Browser('203.0.113.61'), 'POST', '/api/admin/auth', { password: PASSWORD })).status).toBe(200);
  });

  it('the per-address limit still holds: 5 wrong from one address, then even a right password from it is 429 for the minute', async () => {
    const from = new Browser('198.18.9.30');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(from, `nobody-${i}@example.com`, 'wrong-password-x')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await signIn(from, 'bystander@example.com', 'bystander-password');
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toBe(TOO_MANY);
    // The account itself is not paused by guesses at other emails.
    expect((await signIn(new Browser('198.18.9.31'), 'bystander@example.com', 'bystander-password')).status).toBe(200);
  });
});
