/**
 * A libSQL server for tests, speaking Hrana 2 over HTTP with JSON bodies: what @libsql/client 0.18
 * uses for `http://` URLs (it opens no version probe and posts every pipeline to `/v2/pipeline`).
 * Each stream (baton) runs on its own connection to a real SQLite file through the `libsql` driver,
 * so transactions span requests as they do on sqld. Streams idle for 10 s expire like sqld's.
 *
 * `stop()` closes the listener and cuts every open socket, so clients see connection refused;
 * `start()` listens again on the same port over the same file.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
// The driver @libsql/client itself uses for file: URLs, installed with it.
import Database from 'libsql';
import { HranaError, protoError, type PipelineRequest, type PipelineResponse, type StreamResult } from './libsql/protocol';
import { SqlStream } from './libsql/stream';

export interface FakeLibsqlServer {
  /** e.g. http://127.0.0.1:40123, for DATABASE_URL. */
  url: string;
  port: number;
  /** The SQLite file behind it. */
  path: string;
  /** Stops answering: closes the listener and every connection; open transactions roll back. */
  stop: () => Promise<void>;
  /** Listens again on the same port over the same file. */
  start: () => Promise<void>;
}

const STREAM_IDLE_MS = 10_000;
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface OpenStream {
  stream: SqlStream;
  expiry: NodeJS.Timeout;
}

export async function startFakeLibsqlServer(options: { path: string; host?: string; port?: number }): Promise<FakeLibsqlServer> {
  const host = options.host ?? '127.0.0.1';
  const streams = new Map<string, OpenStream>();
  const sockets = new Set<Socket>();

  // sqld keeps its databases in WAL mode; the setting lives in the file.
  const setup = new Database(options.path);
  setup.exec('PRAGMA journal_mode = WAL');
  setup.close();

  function closeStream(baton: string): void {
    const open = streams.get(baton);
    if (!open) return;
    streams.delete(baton);
    clearTimeout(open.expiry);
    open.stream.close();
  }

  /** Takes the stream a baton names (each baton is good for one request), or opens one. */
  function takeStream(baton: string | null | undefined): SqlStream {
    if (baton === null || baton === undefined) return new SqlStream(options.path);
    const open = streams.get(baton);
    if (!open) throw new HranaError('The stream has expired or the baton is invalid', 'STREAM_EXPIRED');
    streams.delete(baton);
    clearTimeout(open.expiry);
    return open.stream;
  }

  function keepStream(stream: SqlStream): string {
    const baton = randomBytes(18).toString('base64url');
    const expiry = setTimeout(() => closeStream(baton), STREAM_IDLE_MS);
    expiry.unref();
    streams.set(baton, { stream, expiry });
    return baton;
  }

  function pipeline(body: PipelineRequest): PipelineResponse {
    if (!body || typeof body !== 'object' || !Array.isArray(body.requests)) throw protoError('The body needs a "requests" array');
    if (body.baton !== undefined && body.baton !== null && typeof body.baton !== 'string') throw protoError('"baton" must be a string or null');
    const stream = takeStream(body.baton);
    const results: StreamResult[] = body.requests.map((request) => {
      try {
        if (!request || typeof request !== 'object') throw protoError('Each request must be an object');
        return { type: 'ok', response: stream.handle(request) };
      } catch (error) {
        if (error instanceof HranaError) return { type: 'error', error: error.body() };
        return { type: 'error', error: { message: `Internal error: ${(error as Error).message}`, code: 'INTERNAL' } };
      }
    });
    return { baton: stream.closed ? null : keepStream(stream), base_url: null, results };
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && (path === '/' || path === '/health' || path === '/v2')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Hello, this is a libSQL test server speaking Hrana 2 over HTTP\n');
      return;
    }
    if (path === '/v2/pipeline') {
      if (req.method !== 'POST') return sendJson(res, 405, { message: 'Use POST for a pipeline', code: 'METHOD_NOT_ALLOWED' });
      let body: PipelineRequest;
      try {
        body = JSON.parse(await readBody(req)) as PipelineRequest;
      } catch (error) {
        return sendJson(res, 400, { message: `Invalid JSON body: ${(error as Error).message}`, code: 'PROTO_ERROR' });
      }
      try {
        return sendJson(res, 200, pipeline(body));
      } catch (error) {
        if (error instanceof HranaError) return sendJson(res, 400, error.body());
        throw error;
      }
    }
    // Hrana 3 (`/v3`, `/v3-protobuf`) is not offered: clients that probe for it fall back to 2.
    sendJson(res, 404, { message: `No route for ${req.method} ${path}`, code: 'NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { message: `Internal error: ${error.message}`, code: 'INTERNAL' });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });

  const port = await listen(options.port ?? 0);
  return {
    url: `http://${host}:${port}`,
    port,
    path: options.path,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      for (const baton of [...streams.keys()]) closeStream(baton);
      await closed;
    },
    start: async () => {
      if (!server.listening) await listen(port);
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // The client reads an error body as Hrana's `{ message, code }` only for exactly this type.
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error(`the body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
