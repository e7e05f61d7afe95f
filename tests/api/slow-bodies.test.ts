/**
 * A client that sends its headers and part of a body and then stops cannot hold the connection or
 * what was read: before, 1,579 such connections held 143 MB and their sockets for Node's default
 * 300 s. Now a body that stops arriving for BODY_IDLE_TIMEOUT_MS gets a 408 and the connection is
 * closed; a body that keeps arriving, however slowly, is read to the end.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_IDLE_TIMEOUT_MS, BODY_TIMEOUT_MESSAGE } from '../../scripts/request-timeouts.mjs';
import { openSockets, residentBytes } from '../support/raw-socket';
import { startTestServer, type TestServer } from '../support/server';

const CONNECTIONS = 300;
const DECLARED = 16_000;
const SENT = 8_000;
/** How far past the idle limit a close may come on a loaded machine and still count as the limit's. */
const CLOSE_MARGIN_MS = 5_000;

let server: TestServer;
let host: string;
beforeAll(async () => {
  server = await startTestServer();
  host = new URL(server.url).host;
});
afterAll(() => server?.stop());

interface Stalled {
  /** When the last byte was sent; the idle limit counts from here. */
  sentAt: number;
  closed: Promise<{ at: number; answer: string; closedByServer: boolean }>;
}

/** Opens a connection, sends headers declaring DECLARED bytes and only SENT of them, then waits. */
function stalledUpload(): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    let endedByUs = false;
    const closed = new Promise<{ at: number; answer: string; closedByServer: boolean }>((done) => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.on('close', () => done({ at: Date.now(), answer: Buffer.concat(chunks).toString('utf8'), closedByServer: !endedByUs }));
    });
    socket.once('connect', () => {
      const head = `POST /api/suggestions HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: ${DECLARED}\r\n\r\n`;
      socket.write(head + `{"spotName":"${'a'.repeat(SENT - 14)}`, () => resolve({ sentAt: Date.now(), closed }));
    });
    socket.once('error', (error) => {
      endedByUs = true;
      reject(error);
    });
  });
}

describe('slow request bodies', () => {
  it(
    `${CONNECTIONS} bodies that stop arriving are answered 408 and closed by the server after the idle limit, and their sockets released`,
    { timeout: 60_000 },
    async () => {
      const pid = server.process.pid!;
      const socketsBefore = await openSockets(pid);
      const rssBefore = await residentBytes(pid);
      const stalled: Stalled[] = [];
      for (let i = 0; i < CONNECTIONS; i += 50) stalled.push(...(await Promise.all(Array.from({ length: 50 }, () => stalledUpload()))));
      // Every connection is held while its body is awaited.
      await expect.poll(() => openSockets(pid), { timeout: 5_000 }).toBeGreaterThanOrEqual(socketsBefore + CONNECTIONS);
      const rssHeld = await residentBytes(pid);

      const closes = await Promise.all(stalled.map(async (upload) => ({ ...(await upload.closed), sentAt: upload.sentAt })));
      for (const close of closes) {
        expect(close.closedByServer).toBe(true);
        expect(close.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
        expect(close.answer).toMatch(/\r\nConnection: close\r\n/i);
        expect(JSON.parse(close.answer.slice(close.answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: BODY_TIMEOUT_MESSAGE });
      }
      const waited = closes.map((close) => close.at - close.sentAt);
      expect(Math.min(...waited)).toBeGreaterThanOrEqual(BODY_IDLE_TIMEOUT_MS - 100);
      expect(Math.max(...waited)).toBeLessThan(BODY_IDLE_TIMEOUT_MS + CLOSE_MARGIN_MS);
      // A few sockets come and go on their own (keep-alive connections); the  are gone.
      await expect.poll(() => openSockets(pid), { timeout: 5_000 }).toBeLessThanOrEqual(socketsBefore + 5);
      const rssAfter = await residentBytes(pid);
      console.log(
        `slow bodies: RSS ${(rssBefore / 2 ** 20).toFixed(1)} MB before, ${(rssHeld / 2 ** 20).toFixed(1)} MB with ${CONNECTIONS} held, ${(rssAfter / 2 ** 20).toFixed(1)} MB after; closed after ${Math.min(...waited)}–${Math.max(...waited)} ms`,
      );
      // Nothing was stored from the abandoned bodies, and the server answers as before.
      const list = await server.fetch('/api/spots/featured');
      expect(list.status).toBe(200);
    },
  );

  it('a body that keeps arriving slowly, past the idle limit in all, is read to the end', { timeout: 60_000 }, async () => {
    const body = JSON.stringify({ spotName: 'Slow Upload Cafe', description: 'Sent a piece at a time over a slow link by a patient tester.' });
    const pieces = 6;
    const size = Math.ceil(body.length / pieces);
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((done) => socket.on('close', done));
    await new Promise((ok) => socket.once('connect', ok));
    socket.write(
      `POST /api/suggestions HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    const gap = Math.ceil((BODY_IDLE_TIMEOUT_MS * 1.5) / pieces);
    for (let i = 0; i < pieces; i++) {
      await new Promise((ok) => setTimeout(ok, gap));
      socket.write(body.slice(i * size, (i + 1) * size));
    }
    await closed;
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
  });
});
