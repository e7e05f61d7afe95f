// Read throughput: autocannon against the app, and against a bare node:http server that replays
// the exact bytes the app answered, so the ratio shows what the app's own work costs.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import autocannon, { type Result } from 'autocannon';
import { errorMessage, fixed, whole, type Table } from './report';

export const CONNECTIONS = 50;
/** Browsers ask for compressed responses; the app compresses on the fly, the bare server replays them. */
export const REQUEST_HEADERS = { 'accept-encoding': 'gzip' };

export interface Captured {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One raw response of the app (not decompressed), as autocannon will receive it. */
export function capture(origin: string, path: string): Promise<Captured> {
  return new Promise((ok, fail) => {
    const request = http.get(new URL(path, origin), { headers: REQUEST_HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'vary']) {
          const value = response.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        ok({ path, status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', fail);
  });
}

// The bare server runs in a process of its own, like the app, so it does not share autocannon's CPU.
const BARE_SERVER = `
const http = require('node:http');
process.once('message', (routes) => {
  const table = new Map(Object.entries(routes).map(([path, r]) => [path, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') }]));
  const server = http.createServer((req, res) => {
    const hit = table.get(req.url);
    if (!hit) { res.writeHead(404); res.end(); return; }
    res.writeHead(hit.status, { ...hit.headers, 'content-length': hit.body.length });
    res.end(hit.body);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
});
`;

export interface BareServer {
  origin: string;
  stop: () => Promise<void>;
}

export async function startBareServer(responses: Captured[]): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const routes = Object.fromEntries(responses.map((r) => [r.path, { status: r.status, headers: r.headers, body: r.body.toString('base64') }]));
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the bare static server did not start')), 10_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      ok((message as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the bare static server exited with ${code}`));
    });
    child.send(routes);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface ReadResult {
  /** The database behind the app: the embedded file, sqld over HTTP, or an embedded replica of sqld. */
  engine?: string;
  name: string;
  path: string;
  responseBytes: number;
  contentEncoding: string | null;
  app?: LoadRun;
  bare?: LoadRun;
  /** App req/s divided by bare req/s. */
  ratio?: number;
  error?: string;
}

function loadRun(result: Result): LoadRun {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function hammer(url: string, duration: number): Promise<LoadRun> {
  // A short warm-up lets V8 optimise the hot path and fills the connection pools.
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(2, Math.max(1, duration / 5)), headers: REQUEST_HEADERS });
  return loadRun(await autocannon({ url, connections: CONNECTIONS, duration, headers: REQUEST_HEADERS, timeout: 10 }));
}

/** Captures each read once, starts the bare server with those bytes, then loads app and bare one after another. */
export async function benchReads(
  appOrigin: string,
  targets: { name: string; path: string }[],
  duration: number,
  register: (stop: () => Promise<void>) => void,
): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  const captured: Captured[] = [];
  for (const target of targets) {
    const result: ReadResult = { ...target, responseBytes: 0, contentEncoding: null };
    try {
      const response = await capture(appOrigin, target.path);
      if (response.status !== 200) throw new Error(`GET ${target.path} answered ${response.status}`);
      captured.push(response);
      result.responseBytes = response.body.length;
      result.contentEncoding = response.headers['content-encoding'] ?? null;
    } catch (error) {
      result.error = errorMessage(error);
    }
    results.push(result);
  }
  const bare = await startBareServer(captured);
  register(bare.stop);
  try {
    for (const result of results) {
      if (result.error) continue;
      try {
        result.app = await hammer(new URL(result.path, appOrigin).href, duration);
        result.bare = await hammer(new URL(result.path, bare.origin).href, duration);
        result.ratio = result.app.requestsPerSecond / result.bare.requestsPerSecond;
        const failures = result.app.non2xx + result.app.errors;
        if (failures) result.error = `${failures} of ${result.app.requests} app responses failed or were not 2xx`;
      } catch (error) {
        result.error = errorMessage(error);
      }
      console.log(
        `  ${result.name}: app ${whole(result.app?.requestsPerSecond)} req/s, bare ${whole(result.bare?.requestsPerSecond)} req/s` +
          (result.error ? ` (${result.error})` : ''),
      );
    }
  } finally {
    await bare.stop();
  }
  return results;
}

export function httpTable(results: ReadResult[], duration: number): Table {
  const notes = [
    `autocannon, ${CONNECTIONS} connections, ${duration} s per target after a short warm-up, Accept-Encoding: gzip.`,
    'bare = a node:http server replaying the bytes and content type the app answered; ratio = app req/s ÷ bare req/s.',
  ];
  notes.push('database: file = the embedded libSQL file; sqld = a libSQL server on this machine over HTTP; replica = an embedded replica of that sqld.');
  for (const r of results) if (r.error) notes.push(`${r.engine ?? 'file'} ${r.name}: ${r.error}`);
  return {
    title: 'Reads under load: app vs. bare Node static server',
    headers: ['database', 'read', 'bytes', 'app req/s', 'app p50 ms', 'app p99 ms', 'bare req/s', 'bare p50 ms', 'bare p99 ms', 'app/bare'],
    rows: results.map((r) => [
      r.engine ?? 'file',
      r.name,
      whole(r.responseBytes),
      whole(r.app?.requestsPerSecond),
      r.app?.p50,
      r.app?.p99,
      whole(r.bare?.requestsPerSecond),
      r.bare?.p50,
      r.bare?.p99,
      r.ratio === undefined ? '–' : `${fixed(r.ratio, r.ratio < 0.1 ? 3 : 2)}×`,
    ]),
    notes,
  };
}
