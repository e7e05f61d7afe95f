import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'saguaro-sunset-2024';
const TOO_MANY = 'Too many failed attempts. Please wait a minute and try again.';
const SLOW_DOWN = 'Too many requests. Please slow down and try again shortly.';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function start(env: Record<string, string>) {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, RATE_LIMIT_FORMS_PER_MINUTE: '3', ...env } });
  return server;
}

function signIn(password: string, forwardedFor?: string) {
  return server!.fetch('/api/admin/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server!.url, ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
    body: JSON.stringify({ password }),
  });
}

function subscribe(email: string, forwardedFor: string) {
  return server!.fetch('/api/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server!.url, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email }),
  });
}

describe('without TRUST_PROXY the socket is the client', () => {
  it('wrong admin passwords with a new X-Forwarded-For each time get 429 after 5, and then the right one is refused too', async () => {
    await start({});
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn('not-the-password', `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const right = await signIn(PASSWORD, '198.51.100.200');
    expect(right.status).toBe(429);
    expect((await right.json()).message).toBe(TOO_MANY);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('form posts with rotating X-Forwarded-For share one budget', async () => {
    await start({});
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await subscribe(`rotate${i}@example.com`, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('TRUST_PROXY=1: the entry our proxy wrote, the rightmost, is the client', () => {
  it('forged entries to its left change nothing, and another client keeps its own budget', async () => {
    await start({ TRUST_PROXY: '1' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn('not-the-password', `10.9.9.${i}, 192.0.2.${i}, 203.0.113.50`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The address the forged entries named is not locked out: it is a different client.
    expect((await signIn(PASSWORD, '203.0.113.51')).status).toBe(200);
    expect((await signIn(PASSWORD, '10.9.9.0')).status).toBe(200);
    expect((await signIn(PASSWORD, '203.0.113.50')).status).toBe(429);
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it('trusted hops are skipped from the right; the first address that is not a proxy is the client', async () => {
    await start({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, fd00::/8' });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await subscribe(`chain${i}@example.com`, `198.51.100.${i}, 203.0.113.7, fd00::${i + 1}, 10.1.${i}.1`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // One address further along the same proxies is another client.
    expect((await subscribe('other@example.com', '198.51.100.1, 203.0.113.8, 10.1.1.1')).status).toBe(200);
    // An untrusted address nearest to us ends the walk: everything to its left is the client's word.
    const limited = await subscribe('forged@example.com', '203.0.113.9, 203.0.113.7');
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe(SLOW_DOWN);
  });

  it('a value that is neither a hop count nor addresses stops the start, naming TRUST_PROXY', async () => {
    await expect(start({ TRUST_PROXY: '10.0.0.0/8, proxy.example.com' })).rejects.toThrow(/TRUST_PROXY: "proxy.example.com" is not an IP address/);
  });
});

describe('global back-off on admin sign-in', () => {
  it('20 wrong passwords a minute from many addresses refuse every sign-in, the right password included, except from an address that signed in before', async () => {
    await start({ TRUST_PROXY: '1' });
    expect((await signIn(PASSWORD, '192.0.2.10')).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn('not-the-password', `198.51.100.${i}`)).status);
    expect(statuses).toEqual(Array(20).fill(401));

    const right = await signIn(PASSWORD, '198.51.100.99');
    expect(right.status).toBe(429);
    expect((await right.json()).message).toBe(TOO_MANY);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await signIn('another-guess', '198.51.100.98')).status).toBe(429);
    // The admin's own address still gets in.
    expect((await signIn(PASSWORD, '192.0.2.10')).status).toBe(200);
  });
});

afterAll(() => server?.stop());
