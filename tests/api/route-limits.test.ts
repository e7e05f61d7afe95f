import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-request';
import { startTestServer, type TestServer } from '../support/server';

// Limits count per route, so every spelling of a path that reaches a route spends the same budget.
let server: TestServer;
beforeAll(async () => {
  // Each case posts as its own client (forms share one budget), named by the proxy we trust.
  server = await startTestServer({ env: { RATE_LIMIT_FORMS_PER_MINUTE: '2', RATE_LIMIT_REACTIONS_PER_MINUTE: '2', TRUST_PROXY: '1' } });
});
afterAll(() => server?.stop());

const post = (client: string, path: string, body?: unknown) =>
  rawRequest(server.url, {
    path,
    headers: { origin: server.url, 'x-forwarded-for': client, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('rate limits key on the route, not the raw path', () => {
  it.each([
    ['/api/subscribe', ['/api/subscribe/', '//api/subscribe', '/api/%73ubscribe', '/api/subscribe/?again=1'], { email: 'variant@example.com' }],
    [
      '/api/suggestions',
      ['/api/suggestions/', '//api/suggestions', '/api/%73uggestions', '/api/sugg%65stions/'],
      { spotName: 'Variant Cafe', description: 'A café the tests suggest to check that the limit holds.' },
    ],
    ['/api/spots/31/love', ['/api/spots/31/love/', '//api/spots/31/love', '/api/spots/31/%6cove', '/api/spots/32/love/'], undefined],
  ])('once %s answers 429, each other spelling of it does too', async (bare, variants, body) => {
    const client = `198.51.100.${bare.length}`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(client, bare, body)).status);
    expect(
      statuses.slice(0, 2).every((status) => status < 300),
      `first posts: ${statuses}`,
    ).toBe(true);
    expect(statuses[2]).toBe(429);
    for (const variant of variants) {
      const response = await post(client, variant, body);
      expect(response.status, `${variant}: ${response.text}`).toBe(429);
      expect(JSON.parse(response.text).message).toBe('Too many requests. Please slow down and try again shortly.');
    }
  });

  it('a spelling that matches no route reaches no endpoint', async () => {
    const response = await post('198.51.100.200', '//api//subscribe/', { email: 'nowhere@example.com' });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text).message).toBe('No API endpoint at //api//subscribe/');
  });
});
