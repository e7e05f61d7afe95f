import { beforeEach, describe, expect, it } from 'vitest';
import { freshEntry, keep, keyFromTicket, keyTicket, preferredEncoding, responseCache, shareableKey } from '../../src/server/http/response-cache.mjs';
import { visitorOrigin } from '../../src/server/http/prerender.mjs';

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers: { host: 'guide.example', ...headers } });
const body = (text: string) => ({ identity: Buffer.from(text) });

describe('which requests may share a response', () => {
  it('keys a GET or HEAD by scheme, host, path and query exactly as sent', () => {
    expect(shareableKey(get('/events?week=2026-11-23'), true)).toBe('https://guide.example/events?week=2026-11-23');
    expect(shareableKey(get('/events', {}, 'HEAD'), false)).toBe('http://guide.example/events');
    expect(shareableKey(get('/Events'), false)).not.toBe(shareableKey(get('/events'), false));
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('never a %s', (method) => {
    expect(shareableKey(get('/api/spots', {}, method), false)).toBeNull();
  });

  it('the anonymous visitor id (and no cookie at all) shares; any other cookie is personal', () => {
    expect(shareableKey(get('/', { cookie: 'sid=abc.def' }), false)).not.toBeNull();
    for (const cookie of ['user=1', 'admin=x', 'subscriber=x', 'checkout=x', '__session=jwt', '__client_uat=0', 'sid=a; user=b', 'anything=else']) {
      expect(shareableKey(get('/', { cookie }), false), cookie).toBeNull();
    }
  });

  it('a read with a body is never answered from the cache (the body caps apply to it)', () => {
    expect(shareableKey(get('/', { 'content-length': '0' }), false)).not.toBeNull();
    expect(shareableKey(get('/', { 'content-length': '50000000' }), false)).toBeNull();
    expect(shareableKey(get('/', { 'transfer-encoding': 'chunked' }), false)).toBeNull();
  });

  it('credentials, a forwarded host and a Clerk handshake are never shared', () => {
    expect(shareableKey(get('/', { authorization: 'Bearer x' }), false)).toBeNull();
    expect(shareableKey(get('/', { 'x-forwarded-host': 'other.example' }), false)).toBeNull();
    expect(shareableKey(get('/?__clerk_handshake=abc'), false)).toBeNull();
  });

  it('only this process’s edge can hand the middleware a key', () => {
    expect(keyFromTicket(keyTicket('http://guide.example/'))).toBe('http://guide.example/');
    expect(keyFromTicket('0123456789abcdef0123456789abcdef http://guide.example/')).toBeNull();
    expect(keyFromTicket(null)).toBeNull();
  });
});

describe('kept responses', () => {
  const cache = responseCache();
  let stamp = 'g1';
  beforeEach(() => {
    cache.entries.clear();
    cache.bytes = 0;
    cache.stamp = () => stamp;
    stamp = 'g1';
  });

  it('are answered while the data generation is unchanged and the minute has not passed', () => {
    const now = Date.UTC(2026, 10, 24, 12, 30, 15);
    keep('k', { headers: {}, etag: 'W/"a"', bodies: body('hello'), stamp: 'g1' }, now);
    expect(freshEntry('k', now + 1_000)?.bodies.identity.toString()).toBe('hello');
    // The next minute: open now, this week's events and the founding window are read at minute precision.
    expect(freshEntry('k', Date.UTC(2026, 10, 24, 12, 31, 0))).toBeUndefined();
    expect(cache.entries.has('k')).toBe(false);
  });

  it('are dropped once a write changed the generation, or while it is unknown', () => {
    keep('k', { headers: {}, etag: 'W/"a"', bodies: body('hello'), stamp: 'g1' });
    stamp = 'g2';
    expect(freshEntry('k')).toBeUndefined();
    keep('k', { headers: {}, etag: 'W/"a"', bodies: body('hello'), stamp: 'g2' });
    cache.stamp = () => null;
    expect(freshEntry('k')).toBeUndefined();
  });

  it('stay within the size cap, the least recently used going first', () => {
    const maxBytes = cache.maxBytes;
    cache.maxBytes = 100;
    try {
      keep('a', { headers: {}, etag: '1', bodies: body('x'.repeat(40)), stamp: 'g1' });
      keep('b', { headers: {}, etag: '2', bodies: body('y'.repeat(40)), stamp: 'g1' });
      freshEntry('a');
      keep('c', { headers: {}, etag: '3', bodies: body('z'.repeat(40)), stamp: 'g1' });
      expect([...cache.entries.keys()]).toEqual(['a', 'c']);
      expect(cache.bytes).toBeLessThanOrEqual(100);
      keep('huge', { headers: {}, etag: '4', bodies: body('h'.repeat(200)), stamp: 'g1' });
      expect(cache.entries.has('huge')).toBe(false);
    } finally {
      cache.maxBytes = maxBytes;
    }
  });
});

describe('encodings and the pre-render address', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['', null],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('pre-renders for the host visitors use: SITE_URL, else the listening address', () => {
    expect(visitorOrigin('https://scottsdale.example', '0.0.0.0', 4321)).toEqual({ host: 'scottsdale.example', https: true });
    expect(visitorOrigin(undefined, '0.0.0.0', 4321)).toEqual({ host: 'localhost:4321', https: false });
    expect(visitorOrigin(undefined, '127.0.0.1', 5000)).toEqual({ host: '127.0.0.1:5000', https: false });
    expect(visitorOrigin(undefined, '::1', 5000)).toEqual({ host: '[::1]:5000', https: false });
  });
});
