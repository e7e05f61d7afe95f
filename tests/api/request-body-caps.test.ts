import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillerBody, rawRequest } from '../support/raw-request';
import { startTestServer, type TestServer } from '../support/server';

const TOO_LARGE = 'Request body is too large.';
const JSON_CAP = 16 * 1024;
const HUGE = 600 * 1024 * 1024;
const WEBHOOK_TOKEN = 'browse-ai-webhook-token-for-tests';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { BROWSE_AI_WEBHOOK_SECRET: WEBHOOK_TOKEN } });
});
afterAll(() => server?.stop());

/** The server process's memory in kB: its peak so far (VmHWM) and now (VmRSS). */
function serverMemory(): { peak: number; now: number } {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const read = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { peak: read('VmHWM'), now: read('VmRSS') };
}

const ROUTES: { path: string; headers: Record<string, string> }[] = [
  { path: '/api/stripe/webhook', headers: { 'stripe-signature': 't=1,v1=00' } },
  { path: `/api/browse-ai/webhook?token=${WEBHOOK_TOKEN}`, headers: {} },
  { path: '/api/subscribe', headers: {} },
];

describe('request bodies are capped while they stream in', () => {
  it('three parallel 600 MB bodies, chunked and with Content-Length, each get 413 and the server grows by less than 50 MB', async () => {
    // Warm the routes up so their code is loaded before the baseline is taken.
    for (const route of ROUTES) await rawRequest(server.url, { path: route.path, headers: { ...route.headers, 'content-type': 'application/json' }, body: '{}' });
    const before = serverMemory();
    for (const framing of ['chunked', 'content-length'] as const) {
      const answers = await Promise.all(
        ROUTES.map((route) =>
          rawRequest(server.url, {
            path: route.path,
            headers: {
              ...route.headers,
              'content-type': 'application/json',
              ...(framing === 'content-length' ? { 'content-length': HUGE } : { 'transfer-encoding': 'chunked' }),
            },
            body: fillerBody(HUGE),
          }),
        ),
      );
      for (const [index, answer] of answers.entries()) {
        expect(answer.status, `${framing} ${ROUTES[index]!.path}: ${answer.text}`).toBe(413);
        expect(JSON.parse(answer.text).message).toBe(TOO_LARGE);
      }
    }
    const after = serverMemory();
    console.log(`server memory: peak ${before.peak} → ${after.peak} kB, resident ${before.now} → ${after.now} kB`);
    expect(after.peak - before.peak, `peak ${before.peak} → ${after.peak} kB`).toBeLessThan(50 * 1024);
    expect(after.now - before.now).toBeLessThan(50 * 1024);
    // The server still answers.
    expect((await server.fetch('/api/spots/featured')).status).toBe(200);
  });

  /** `{"email":"…"}` padded with JSON whitespace to exactly `size` bytes, sent in 1 KB chunks without a length. */
  function chunkedSubscribe(email: string, size: number) {
    const json = JSON.stringify({ email });
    const chunks = function* () {
      yield Buffer.from(json);
      for (let left = size - json.length; left > 0; left -= 1024) yield Buffer.alloc(Math.min(1024, left), 0x20);
    };
    return rawRequest(server.url, {
      path: '/api/subscribe',
      headers: { origin: server.url, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Readable.from(chunks()),
    });
  }

  it('a chunked JSON body one byte over 16 KB gets 413 with the message; one just under is processed', async () => {
    const over = await chunkedSubscribe('over-cap@example.com', JSON_CAP + 1);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual({ message: TOO_LARGE });
    const under = await chunkedSubscribe('under-cap@example.com', JSON_CAP);
    expect(under.status, under.text).toBe(200);
    expect(JSON.parse(under.text).message).toBe("Thanks! If you're new to Scottsdale Weekly, check your inbox for a link to confirm your address.");
  });

  it('a declared Content-Length over the cap is refused before a byte of the body is sent', async () => {
    const url = new URL(server.url);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/subscribe',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': JSON_CAP + 1 },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        },
      );
      request.on('error', reject);
      // Headers only: the body never comes, so only an answer made without it can arrive.
      request.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: TOO_LARGE });
  });
});

describe('a client that gives up mid-upload', () => {
  it('is not taken for a database outage: no [db] unavailable, the database handle is kept, other requests succeed', async () => {
    const url = new URL(server.url);
    for (let attempt = 0; attempt < 5; attempt++) {
      await new Promise<void>((resolve) => {
        const request = http.request({
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/subscribe',
          agent: false,
          headers: { origin: server.url, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        request.on('error', () => {});
        request.on('close', () => resolve());
        request.write('{"email":"gone-');
        // Once the server has the first chunk in hand, the client goes away.
        setTimeout(() => request.destroy(), 100);
      });
    }
    const reads = await Promise.all(['/api/spots/featured', '/api/events', '/api/spots/top?limit=5'].map((path) => server.fetch(path)));
    expect(reads.map((response) => response.status)).toEqual([200, 200, 200]);
    const subscribe = await server.fetch('/api/subscribe', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after-abort@example.com' }),
    });
    expect(subscribe.status).toBe(200);
    expect(server.output()).not.toMatch(/\[db\] unavailable/);
  });
});
