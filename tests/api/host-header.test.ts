/**
 * The Host header cannot poison the shared response cache: a Host that is not a plain
 * host[:port] is refused before anything runs, and the cache keys answers by the host as parsed,
 * never by the header's text. The attack this reproduces: `Host: 127.0.0.1:<port>/api` with
 * `GET /spots` rendered /spots and kept it under the key of `/api/spots`, so every visitor's JSON
 * read of /api/spots got the page's HTML from the cache until the next write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_POLICIES } from '../../src/server/http/route-policy.mjs';
import { sendRaw } from '../support/raw-socket';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let host: string;
beforeAll(async () => {
  server = await startTestServer();
  host = new URL(server.url).host;
});
afterAll(() => server?.stop());

const INVALID_HOST = { message: 'The Host header is not valid.' };
const hit = (response: Response) => response.headers.get('x-cache') === 'HIT';

/** Every public JSON read in the route policy table, with real values for its parameters. */
async function jsonReadPaths(): Promise<string[]> {
  const stories = (await (await server.fetch('/api/blog')).json()) as { slug: string; category: string }[];
  const spots = (await (await server.fetch('/api/spots/featured')).json()) as { slug: string }[];
  const values: Record<string, string> = { '[slug]': encodeURIComponent(stories[0]!.slug), '[category]': encodeURIComponent(stories[0]!.category) };
  const patterns = Object.entries(ROUTE_POLICIES)
    .filter(([, policy]) => policy.kind === 'api' && policy.cache === 'public' && policy.methods.GET?.access === 'public')
    .map(([pattern]) => pattern);
  // A read that needs its query gets one a reader would send.
  const queries: Record<string, string> = { '/api/search': '/api/search?q=taco' };
  return patterns.map((pattern) =>
    pattern === '/api/spots/by-slug/[slug]'
      ? `/api/spots/by-slug/${encodeURIComponent(spots[0]!.slug)}`
      : (queries[pattern] ?? pattern.replace(/\[[a-z]+\]/g, (name) => values[name]!)),
  );
}

function get(path: string, hostHeader: string) {
  return sendRaw(server.url, `GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
}

describe('a Host that holds a path', () => {
  it('cannot make a page the cached answer of a JSON read: the attack gets 400, and every JSON read stays JSON', async () => {
    const paths = await jsonReadPaths();
    // Every public JSON read of the route table, search included.
    expect(paths).toHaveLength(14);
    expect(paths).toContain('/api/search?q=taco');
    // A write raises the data generation, so nothing kept before stands in the way of the attack.
    const love = await server.fetch('/api/spots/7/love', { method: 'POST', headers: { origin: server.url } });
    expect(love.status).toBe(200);
    const attacks: { path: string; status: number; body: string }[] = [];
    for (const path of paths) {
      // `/spots` with Host `<host>/api` was kept as `/api/spots`; the same for every read.
      attacks.push({ path, ...(await get(path.slice('/api'.length) || '/', `${host}/api`)) });
    }
    for (const path of paths) {
      for (let read = 0; read < 2; read++) {
        const response = await server.fetch(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
        const body = await response.text();
        expect(body.startsWith('<'), path).toBe(false);
        JSON.parse(body);
      }
    }
    expect(hit(await server.fetch('/api/spots'))).toBe(true);
    for (const attack of attacks) {
      expect(attack.status, attack.path).toBe(400);
      expect(attack.body, attack.path).toBe(JSON.stringify(INVALID_HOST));
    }
  });

  it.each([
    ['a path', (h: string) => `${h}/api`],
    ['a query', (h: string) => `${h}?x=1`],
    ['a fragment', (h: string) => `${h}#top`],
    ['a user', (h: string) => `visitor@${h}`],
    ['a backslash', (h: string) => `${h}\\api`],
    ['a space', (h: string) => `127.0.0.1 ${h}`],
    ['a port past 65535', () => '127.0.0.1:65536'],
    ['a port that is not a number', () => '127.0.0.1:http'],
    ['an unclosed IPv6 literal', () => '[::1'],
  ])('a Host with %s is refused with 400 before anything runs', async (_name, make) => {
    const answer = await get('/spots', make(host));
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(JSON.parse(answer.body)).toEqual(INVALID_HOST);
    expect(answer.head).not.toMatch(/x-cache/i);
  });

  it('two Host headers are refused', async () => {
    const answer = await sendRaw(server.url, `GET /api/events HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(INVALID_HOST);
  });

  it('a plain host is served, and spellings of one host share one copy', async () => {
    const port = new URL(server.url).port;
    const first = await get('/api/events', `LOCALHOST:${port}`);
    expect(first.status).toBe(200);
    const second = await get('/api/events', `localhost:${port}`);
    expect(second.status).toBe(200);
    expect(second.head).toMatch(/\r\nX-Cache: HIT\r\n/i);
    expect(second.body).toBe(first.body);
  });

  it('an HTTP/1.0 request without a Host is served, and never from or into the cache', async () => {
    for (let read = 0; read < 2; read++) {
      const answer = await sendRaw(server.url, 'GET /api/events HTTP/1.0\r\n\r\n');
      expect(answer.status).toBe(200);
      expect(answer.head).not.toMatch(/x-cache/i);
      expect(Array.isArray(JSON.parse(answer.body))).toBe(true);
    }
  });
});

describe('with SITE_URL set', () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer({ env: { SITE_URL: 'http://guide.example' } });
  });
  afterAll(() => site?.stop());

  it('only requests for the site’s host are shared; another host is rendered every time', async () => {
    const request = (hostHeader: string) => sendRaw(site.url, `GET /api/spots/featured HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`);
    await request('guide.example');
    const siteRead = await request('GUIDE.example:80');
    expect(siteRead.status).toBe(200);
    expect(siteRead.head).toMatch(/\r\nX-Cache: HIT\r\n/i);
    for (const other of [new URL(site.url).host, 'other.example', 'guide.example:8080']) {
      for (let read = 0; read < 2; read++) {
        const answer = await request(other);
        expect(answer.status, other).toBe(200);
        expect(answer.head, other).not.toMatch(/x-cache/i);
      }
    }
  });
});
