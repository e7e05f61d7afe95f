import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FORMS_PER_MINUTE: '3', RATE_LIMIT_REACTIONS_PER_MINUTE: '5' } });
});
afterAll(() => server?.stop());

describe('security headers', () => {
  it.each(['/', '/spots', '/api/spots/featured', '/favicon.svg', '/no/such/page'])('%s carries the baseline headers', async (path) => {
    const response = await server.fetch(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('HSTS only when served over HTTPS', async () => {
    expect((await server.fetch('/')).headers.get('strict-transport-security')).toBeNull();
    const https = await server.fetch('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});

describe('compression and caching', () => {
  it.each([
    ['br', '/'],
    ['gzip', '/'],
    ['br', '/api/spots/top?limit=20'],
    ['gzip', '/api/events'],
  ])('%s for %s', async (encoding, path) => {
    const response = await server.fetch(path, { headers: { 'accept-encoding': encoding } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  it('hashed assets are cached as immutable', async () => {
    const html = await (await server.fetch('/')).text();
    const asset = html.match(/\/_astro\/[^"']+\.css/)?.[0];
    expect(asset).toBeDefined();
    const response = await server.fetch(asset!);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });
});

describe('write rate limits', () => {
  it('the 4th form post in a minute from one address is a 429 with Retry-After, and is not stored', async () => {
    const post = (email: string) =>
      server.fetch('/api/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(`limit${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post('limit-last@example.com');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toBe('Too many requests. Please slow down and try again shortly.');
  });

  it('reaction clicks have their own, larger budget', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await server.fetch('/api/spots/1/love', { method: 'POST', headers: { origin: server.url } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('Content-Security-Policy', () => {
  it.each(['/', '/spots', '/blog', '/events', '/admin'])('%s allows only its own scripts: every inline script is listed by hash, no unsafe-inline', async (path) => {
    const response = await server.fetch(path);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/object-src 'none'/);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((body) => body.trim());
    // The home page has islands, whose inline loader must be allowed by its hash.
    if (path === '/') expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const body of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  });
  it('static files refuse framing too', async () => {
    expect((await server.fetch('/favicon.svg')).headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});

describe('revalidation of public reads', () => {
  it.each(['/api/spots/top?limit=20', '/api/events', '/api/blog', '/api/top-restaurants'])('%s carries an ETag; the same tag gets a 304 without a body', async (path) => {
    const first = await server.fetch(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await server.fetch(path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await server.fetch(path, { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });
  it('reads that depend on the visitor stay uncached', async () => {
    const spots = await server.fetch('/api/spots');
    expect(spots.headers.get('cache-control')).toBe('private, no-store');
    expect(spots.headers.get('etag')).toBeNull();
  });
});

describe('precompressed assets', () => {
  it('hashed scripts and styles are sent from their build-time brotli or gzip copy, identical once decoded', async () => {
    const { statSync } = await import('node:fs');
    const html = await (await server.fetch('/')).text();
    const asset = html.match(/\/_astro\/[^"']+\.css/)![0];
    const plain = await (await server.fetch(asset, { headers: { 'accept-encoding': 'identity' } })).text();
    for (const [encoding, suffix] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ] as const) {
      const response = await fetch(new URL(asset, server.url), { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // The length of the file written at build time: nothing was compressed for this request.
      expect(Number(response.headers.get('content-length'))).toBe(statSync(`dist/client${asset}.${suffix}`).size);
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(response.headers.get('cache-control')).toMatch(/immutable/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // fetch decodes the body itself; compare with the uncompressed file.
      expect(await response.text()).toBe(plain);
    }
  });
  it('a path that escapes the assets folder is not served from disk', async () => {
    const response = await server.fetch('/_astro/..%2F..%2Fserver%2Fentry.mjs', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).not.toBe(200);
  });
});
