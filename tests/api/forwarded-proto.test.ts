/**
 * X-Forwarded-Proto is believed only from a proxy TRUST_PROXY trusts, like X-Forwarded-For.
 * Before, any client sending `X-Forwarded-Proto: https` over plain HTTP got HSTS (which a browser
 * would then enforce for the host for a year) and `Secure` cookies it could not send back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const HTTPS = { 'x-forwarded-proto': 'https' };

/** The visitor cookie a first write sets, as its Set-Cookie line. */
async function visitorCookie(s: TestServer, headers: Record<string, string>): Promise<string> {
  const response = await s.fetch('/api/session', { method: 'DELETE', headers: { origin: s.url, ...headers } });
  expect(response.status).toBe(200);
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  expect(line).toBeDefined();
  return line!;
}

async function answers(s: TestServer, headers: Record<string, string>) {
  const page = await s.fetch('/about', { headers });
  const again = await s.fetch('/about', { headers });
  return {
    hsts: [page.headers.get('strict-transport-security'), again.headers.get('strict-transport-security')],
    cachedHit: again.headers.get('x-cache'),
    cookie: await visitorCookie(s, headers),
  };
}

describe('without TRUST_PROXY', () => {
  it('a client’s X-Forwarded-Proto: https turns on neither HSTS nor Secure cookies, rendered or cached', async () => {
    server = await startTestServer();
    const { hsts, cachedHit, cookie } = await answers(server, HTTPS);
    expect(hsts).toEqual([null, null]);
    expect(cachedHit).toBe('HIT');
    expect(cookie).not.toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });
});

describe('with TRUST_PROXY', () => {
  it('1: the proxy’s X-Forwarded-Proto: https is believed: HSTS on rendered and cached answers, Secure cookies', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    const { hsts, cachedHit, cookie } = await answers(server, { ...HTTPS, 'x-forwarded-for': '203.0.113.5' });
    expect(hsts).toEqual(['max-age=31536000; includeSubDomains', 'max-age=31536000; includeSubDomains']);
    expect(cachedHit).toBe('HIT');
    expect(cookie).toMatch(/;\s*Secure/i);
    // The same proxy saying http is believed too: no HSTS, no Secure.
    const plain = await answers(server, { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.5' });
    expect(plain.hsts).toEqual([null, null]);
    expect(plain.cookie).not.toMatch(/;\s*secure/i);
  });

  it('a list of proxies that does not hold the connection’s address: the header is not believed', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    const { hsts, cookie } = await answers(server, { ...HTTPS, 'x-forwarded-for': '203.0.113.5' });
    expect(hsts).toEqual([null, null]);
    expect(cookie).not.toMatch(/;\s*secure/i);
  });

  it('a list that holds it: believed', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    const { hsts, cookie } = await answers(server, { ...HTTPS, 'x-forwarded-for': '203.0.113.5' });
    expect(hsts).toEqual(['max-age=31536000; includeSubDomains', 'max-age=31536000; includeSubDomains']);
    expect(cookie).toMatch(/;\s*Secure/i);
  });
});
