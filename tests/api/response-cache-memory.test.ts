/**
 * RESPONSE_CACHE_MB bounds the memory the shared cache holds. Before, an entry counted only its
 * bodies' lengths while zlib's output pinned a 16 KB block per body, headers and keys went
 * uncounted and every query string was a new entry: 27,748 distinct `GET /api/spots?q=<n>` took
 * a server from 388 MB to 732 MB with the default 64 MB cap, and to about 100 times the cap at 1 MB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentBytes } from '../support/raw-socket';
import { startTestServer, type TestServer } from '../support/server';

const CAP_MB = 4;
const QUERIES = 15_000;
/**
 * What the process may grow by beyond the cap while it renders 15,000 reads: the garbage
 * collector's and the allocator's working room as the heap reaches its size under load (about
 * 30 MB with the cache off, 65–105 MB with it on: each miss compresses its answer, and freed zlib
 * windows stay with the allocator; when in the run it grows varies, how far does not). Before the
 * fix 30,000 reads grew it by over 400 MB, about 200 MB at this run's 15,000; 15,000 distinct
 * strings are still over a hundred times the 128 variants one path may keep.
 */
const OVERHEAD_MB = 156;
const CONCURRENCY = 8;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RESPONSE_CACHE_MB: String(CAP_MB) } });
});
afterAll(() => server?.stop());

async function readAll(from: number, to: number) {
  let next = from;
  const worker = async () => {
    for (let n = next++; n < to; n = next++) {
      const response = await server.fetch(`/api/spots?q=${n}`, { headers: { 'accept-encoding': n % 2 ? 'br' : 'gzip' } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

describe('the shared cache’s memory', () => {
  it(
    `${QUERIES.toLocaleString('en-US')} distinct query strings keep the process within RESPONSE_CACHE_MB=${CAP_MB} plus ${OVERHEAD_MB} MB`,
    { timeout: 600_000 },
    async () => {
      const pid = server.process.pid!;
      // Warm up first: the code paths compiled, the database pages read, the heap at its working size.
      await readAll(1_000_000, 1_002_000);
      const before = await residentBytes(pid);
      await readAll(0, QUERIES / 2);
      const halfway = await residentBytes(pid);
      await readAll(QUERIES / 2, QUERIES);
      // The last answers' compressed forms are remade a second after they are kept.
      await new Promise((ok) => setTimeout(ok, 3_000));
      const after = await residentBytes(pid);
      const mb = (bytes: number) => bytes / 2 ** 20;
      console.log(`cache memory: RSS ${mb(before).toFixed(1)} MB → ${mb(halfway).toFixed(1)} MB → ${mb(after).toFixed(1)} MB over ${QUERIES} query strings`);
      expect(mb(after - before)).toBeLessThan(CAP_MB + OVERHEAD_MB);
      // The cache still answers: a repeated read is a hit.
      await (await server.fetch('/api/spots/featured')).arrayBuffer();
      expect((await server.fetch('/api/spots/featured')).headers.get('x-cache')).toBe('HIT');
    },
  );
});
