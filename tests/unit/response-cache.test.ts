import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, keyFromTicket, keyTicket, shareableKey } from '../../src/server/http/cache-keys.mjs';
import { preferredEncoding } from '../../src/server/http/content-coding.mjs';
import { COUNTERS_GROUP, ENTRY_OVERHEAD_BYTES, MAX_QUERY_VARIANTS, addBody, freshEntry, keep, responseCache } from '../../src/server/http/response-cache.mjs';
import { normalisedHost } from '../../src/server/http/request-host.mjs';
import { visitorOrigin } from '../../src/server/http/prerender.mjs';

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers: { host: 'guide.example', ...headers } });
const body = (text: string) => ({ identity: Buffer.from(text) });
/** What an answer that read the spots at generation 1 was made from. */
const MADE = { reads: [['spots', 1]] as Array<[string, number]>, epoch: 0, at: 0 };

describe('which requests may share a response', () => {
  it('keys a GET or HEAD by scheme, host as parsed, and path and query exactly as sent', () => {
    expect(shareableKey(get('/events?week=2026-11-23'), true)).toBe('https://guide.example/events?week=2026-11-23');
    expect(shareableKey(get('/events', {}, 'HEAD'), false)).toBe('http://guide.example/events');
    expect(shareableKey(get('/Events'), false)).not.toBe(shareableKey(get('/events'), false));
    expect(shareableKey(get('/events', { host: 'GUIDE.Example:80' }), false)).toBe('http://guide.example/events');
    expect(shareableKey(get('/events', { host: 'guide.example:443' }), true)).toBe('https://guide.example/events');
    expect(shareableKey(get('/events', { host: 'guide.example:8080' }), false)).toBe('http://guide.example:8080/events');
  });

  it('a Host that is not a plain host[:port] never makes a key, so it cannot name another path’s entry', () => {
    for (const host of ['127.0.0.1:5101/api', 'guide.example/api', 'guide.example?x', 'user@guide.example', 'guide.example#x', 'guide.example\\api', '', 'a b']) {
      expect(shareableKey(get('/spots', { host }), false), host).toBeNull();
    }
    expect(shareableKey({ method: 'GET', url: '/spots', headers: {} }, false)).toBeNull();
  });

  it('a path that is not origin-form, or longer than the longest kept, is not shared', () => {
    expect(shareableKey(get('http://other.example/spots'), false)).toBeNull();
    expect(shareableKey(get('*'), false)).toBeNull();
    expect(shareableKey(get(`/api/spots?q=${'x'.repeat(MAX_URL_LENGTH)}`), false)).toBeNull();
  });

  it('with SITE_URL set, only its host is shared', () => {
    const cache = responseCache();
    const siteHost = cache.siteHost;
    cache.siteHost = 'guide.example';
    try {
      expect(shareableKey(get('/', { host: 'Guide.Example' }), false)).toBe('http://guide.example/');
      expect(shareableKey(get('/', { host: '127.0.0.1:4321' }), false)).toBeNull();
      expect(shareableKey(get('/', { host: 'guide.example:8080' }), false)).toBeNull();
    } finally {
      cache.siteHost = siteHost;
    }
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
  const G1 = { generations: { spots: 1, events: 1, [COUNTERS_GROUP]: 1 }, epoch: 0 };
  let stamp: typeof G1 = G1;
  beforeEach(() => {
    cache.entries.clear();
    cache.variants.clear();
    cache.bytes = 0;
    cache.stamp = () => stamp;
    stamp = G1;
  });

  it('are answered while the data generation is unchanged and the minute has not passed', () => {
    const now = Date.UTC(2026, 10, 24, 12, 30, 15);
    keep('k', { headers: {}, etag: 'W/"a"', bodies: body('hello'), made: MADE }, now);
    expect(freshEntry('k', now + 1_000)?.bodies.identity.toString()).toBe('hello');
    // The next minute: open now, this week's events and the founding window are read at minute precision.
    expect(freshEntry('k', Date.UTC(2026, 10, 24, 12, 31, 0))).toBeUndefined();
    expect(cache.entries.has('k')).toBe(false);
  });

  it('are dropped once a write changed the generation, or while it is unknown', () => {
    keep('k', { headers: {}, etag: 'W/"a"', bodies: body('hello'), made: MADE });
    stamp = { ...G1, generations: { ...G1.generations, spots: 2 } };
    expect(freshEntry('k')).toBeUndefined();
    keep('k', { headers: {}, etag: 'W/"a"', bodies: body('hello'), made: { ...MADE, reads: [['spots', 2]] } });
    cache.stamp = () => null;
    expect(freshEntry('k')).toBeUndefined();
  });

  it('stay current when a group they did not read changes, and go stale with the epoch (the Stripe prices)', () => {
    keep('about', { headers: {}, etag: 'W/"a"', bodies: body('about'), made: { reads: [], epoch: 0, at: 0 } });
    keep('spots', { headers: {}, etag: 'W/"s"', bodies: body('spots'), made: MADE });
    stamp = { generations: { spots: 1, events: 7, [COUNTERS_GROUP]: 9 }, epoch: 0 };
    expect(freshEntry('about')?.etag).toBe('W/"a"');
    expect(freshEntry('spots')?.etag).toBe('W/"s"');
    stamp = { ...stamp, epoch: 1 };
    expect(freshEntry('about')).toBeUndefined();
  });

  it(`that read the counters show them stale for at most ${responseCache().countersMs / 1000} s after they were made, never longer`, () => {
    const made = Date.UTC(2026, 10, 24, 12, 30, 0);
    const bound = cache.countersMs;
    expect(bound).toBe(5_000);
    const reads: Array<[string, number]> = [
      ['spots', 1],
      [COUNTERS_GROUP, 1],
    ];
    keep('top', { headers: {}, etag: 'W/"t"', bodies: body('top'), made: { reads, epoch: 0, at: made } }, made);
    // Unchanged counters: current until the minute ends, however old.
    expect(freshEntry('top', made + 30_000)?.etag).toBe('W/"t"');
    // A love: the copy may still be answered until the bound has passed since it was made…
    stamp = { ...G1, generations: { ...G1.generations, [COUNTERS_GROUP]: 2 } };
    expect(freshEntry('top', made + bound - 1)?.etag).toBe('W/"t"');
    // …and not a millisecond after.
    expect(freshEntry('top', made + bound)).toBeUndefined();
    // A change to the spot itself is never waited for.
    keep('top', { headers: {}, etag: 'W/"t"', bodies: body('top'), made: { reads, epoch: 0, at: made } }, made);
    stamp = { ...G1, generations: { ...G1.generations, spots: 2 } };
    expect(freshEntry('top', made + 1)).toBeUndefined();
  });

  it('stay within the size cap, the least recently used going first', () => {
    const maxBytes = cache.maxBytes;
    const one = ENTRY_OVERHEAD_BYTES + 2 + 1 + 48 + 40;
    cache.maxBytes = 2 * one + 10;
    try {
      keep('a', { headers: {}, etag: '1', bodies: body('x'.repeat(40)), made: MADE });
      keep('b', { headers: {}, etag: '2', bodies: body('y'.repeat(40)), made: MADE });
      freshEntry('a');
      keep('c', { headers: {}, etag: '3', bodies: body('z'.repeat(40)), made: MADE });
      expect([...cache.entries.keys()]).toEqual(['a', 'c']);
      expect(cache.bytes).toBe(2 * one);
      keep('huge', { headers: {}, etag: '4', bodies: body('h'.repeat(2 * one)), made: MADE });
      expect(cache.entries.has('huge')).toBe(false);
    } finally {
      cache.maxBytes = maxBytes;
    }
  });

  it('count every byte they hold: bodies, headers, the key (kept twice), the tag and an overhead per entry', () => {
    const key = 'http://guide.example/api/events';
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Accept-Encoding' };
    keep(key, { headers, etag: 'W/"abc"', bodies: { identity: Buffer.from('[]'), gzip: Buffer.alloc(22) }, made: MADE });
    const headerBytes = Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    const expected = ENTRY_OVERHEAD_BYTES + 2 * key.length + 'W/"abc"'.length + 48 + 2 + 22 + headerBytes;
    expect(cache.entries.get(key)!.size).toBe(expected);
    expect(cache.bytes).toBe(expected);
    // A body added later (another encoding, a better compression) is counted as it changes.
    addBody(key, cache.entries.get(key)!, 'br', Buffer.alloc(10));
    addBody(key, cache.entries.get(key)!, 'gzip', Buffer.alloc(20));
    expect(cache.bytes).toBe(expected + 10 - 2);
  });

  it('hold their bytes alone: a body that is a slice of a larger buffer (zlib’s 16 KB blocks, the 8 KB pool) is copied out', () => {
    const block = Buffer.alloc(16 * 1024, 0x61);
    keep('k', { headers: {}, etag: '1', bodies: { identity: Buffer.from('hello'), br: block.subarray(100, 130) }, made: MADE });
    const entry = cache.entries.get('k')!;
    for (const stored of [entry.bodies.identity, entry.bodies.br!]) expect(stored.buffer.byteLength).toBe(stored.length);
    expect(entry.bodies.br!.toString()).toBe('a'.repeat(30));
    addBody('k', entry, 'gzip', block.subarray(0, 40));
    expect(entry.bodies.gzip!.buffer.byteLength).toBe(40);
  });

  it(`keep at most ${MAX_QUERY_VARIANTS} query strings of one path, the least recently used of them going first`, () => {
    const variant = (n: number) => `http://guide.example/api/spots?q=${n}`;
    keep('http://guide.example/api/events', { headers: {}, etag: 'e', bodies: body('[]'), made: MADE });
    for (let n = 0; n < MAX_QUERY_VARIANTS; n++) keep(variant(n), { headers: {}, etag: String(n), bodies: body('[]'), made: MADE });
    freshEntry(variant(0));
    for (let n = MAX_QUERY_VARIANTS; n < MAX_QUERY_VARIANTS + 10; n++) keep(variant(n), { headers: {}, etag: String(n), bodies: body('[]'), made: MADE });
    const kept = [...cache.entries.keys()].filter((key) => key.startsWith('http://guide.example/api/spots?'));
    expect(kept).toHaveLength(MAX_QUERY_VARIANTS);
    // q=0 was read again, so q=1…q=10 went first.
    expect(kept).toContain(variant(0));
    expect([1, 10, 11].map((n) => cache.entries.has(variant(n)))).toEqual([false, false, true]);
    // Another path keeps its entry whatever the flood of one path's query strings.
    expect(cache.entries.has('http://guide.example/api/events')).toBe(true);
  });
});

describe('the Host header', () => {
  it.each([
    ['guide.example', false, 'guide.example'],
    ['Guide.Example:80', false, 'guide.example'],
    ['guide.example:80', true, 'guide.example:80'],
    ['127.0.0.1:5101', false, '127.0.0.1:5101'],
    ['[::1]:4321', false, '[::1]:4321'],
    ['127.0.0.1:5101/api', false, null],
    ['127.0.0.1:65536', false, null],
    ['127.0.0.1:', false, null],
    ['[::1', false, null],
    ['guide.example:http', false, null],
    ['user@guide.example', false, null],
    ['', false, null],
  ])('%j over %s is read as %j', (header, https, expected) => {
    expect(normalisedHost(header, https)).toBe(expected);
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
