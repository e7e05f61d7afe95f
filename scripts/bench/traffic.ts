// Real traffic under load (tests/support/traffic.ts): new visitors opening spot pages, returning
// visitors reading, loves and saves, at 50 connections; the same requests replayed by a bare Node
// server as the yardstick; the server's resident memory idle, under the load and after.
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { type Traffic, type TrafficCounts, type RequestKind, type PlannedRequest } from '../../tests/support/traffic';
import { capture, startBareServer, CONNECTIONS, type BareServer, type Captured } from './http';

export interface TrafficRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  /** Acknowledged loves and saves during the run, and the rise of loves and saved spots in the database. */
  acknowledged?: TrafficCounts;
  counted?: TrafficCounts;
}

interface Step {
  setupRequest: (request: object, context: { planned?: PlannedRequest }) => object;
  onResponse?: (status: number, body: string, context: { planned?: PlannedRequest }) => void;
}

/**
 * The mix as one autocannon step planned anew for every request: the kinds follow the mix over all
 * connections together (a connection's own sequence would reach its write only every 20th request),
 * or cycle over the kinds asked for.
 */
function steps(traffic: Traffic, kinds?: RequestKind[]): Step[] {
  let sent = 0;
  return [
    {
      setupRequest: (request, context) => {
        const kind = kinds ? kinds[sent++ % kinds.length]! : traffic.kindAt(sent++);
        const planned = traffic.next(kind);
        context.planned = planned;
        return { ...request, method: planned.method, path: planned.path, headers: planned.headers, body: planned.body };
      },
      onResponse: (status, body, context) => {
        if (context.planned && context.planned.method === 'POST') traffic.acknowledge(context.planned, status, body);
      },
    },
  ];
}

function runOf(result: Result): TrafficRun {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Loads `origin` with the mix (or only some kinds) for `duration` seconds; with a database URL,
 * the acknowledged writes are compared with what the database counted.
 */
export async function loadTraffic(
  origin: string,
  traffic: Traffic,
  options: { duration: number; kinds?: RequestKind[]; connections?: number; overallRate?: number; databaseUrl?: boolean; quiet?: (number | undefined)[] },
): Promise<TrafficRun> {
  // Requests of the run before may still be in the servers' hands (and their writes still to come).
  for (const pid of options.quiet ?? []) await quiet(pid);
  const before = options.databaseUrl ? await traffic.counted() : null;
  const acknowledged = { ...traffic.acknowledged };
  const result = await autocannon({
    url: origin,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration,
    timeout: 10,
    requests: steps(traffic, options.kinds) as never,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  } as never);
  const run = runOf(result);
  if (before) {
    // Writes autocannon stopped waiting for at the end are still done: they are counted once finished.
    for (const pid of options.quiet ?? []) await quiet(pid);
    const after = await traffic.counted();
    run.acknowledged = { loves: traffic.acknowledged.loves - acknowledged.loves, saves: traffic.acknowledged.saves - acknowledged.saves };
    run.counted = { loves: after.loves - before.loves, saves: after.saves - before.saves };
  }
  return run;
}

/** A short warm-up, so V8 has optimised the hot paths and the pools are full. */
export async function warmUp(origin: string, traffic: Traffic, duration: number): Promise<void> {
  await loadTraffic(origin, traffic, { duration: Math.min(2, Math.max(1, duration / 5)) });
}

/**
 * The bare yardstick: a node:http server replaying what the app answered for every address of
 * the mix: each spot page as a new visitor gets it, each read as a returning visitor gets it, a
 * love's and a save's answer.
 */
export async function startBareTraffic(appOrigin: string, traffic: Traffic): Promise<BareServer> {
  const captured: Captured[] = [];
  const asGot = async (request: PlannedRequest): Promise<Captured> => {
    const response = await fetch(new URL(request.path, appOrigin), { method: request.method, headers: request.headers, body: request.body });
    const body = Buffer.from(await response.arrayBuffer());
    return { path: request.path, status: response.status, headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' }, body };
  };
  for (const spot of traffic.spots) captured.push(await capture(appOrigin, `/spots/${spot.slug}`));
  const reads = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const read = traffic.next('read');
    if (reads.has(read.path)) continue;
    reads.add(read.path);
    captured.push(await capture(appOrigin, read.path));
  }
  const love = await asGot(traffic.next('love'));
  for (const spot of traffic.spots) captured.push({ ...love, path: `/api/spots/${spot.id}/love` });
  captured.push(await asGot(traffic.next('save')));
  const failing = captured.filter((c) => c.status !== 200);
  if (failing.length) throw new Error(`the app answered ${failing[0]!.status} to ${failing[0]!.path} while capturing`);
  return startBareServer(captured);
}

/** Resident memory of a process in MB (Linux), or null where it cannot be read. */
export function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

function highWaterMb(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The highest resident memory of a process from now until stopped. Linux keeps the true peak
 * (VmHWM), which is reset here so it counts from now: samples alone miss the short rises while a
 * garbage collection copies or compacts. Where the peak cannot be reset, samples ten times a second.
 */
export function sampleResident(pid: number | undefined): () => number | null {
  let peak: number | null = residentMb(pid);
  let kernelPeak = false;
  try {
    if (pid) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    kernelPeak = pid !== undefined;
  } catch {
    kernelPeak = false;
  }
  const timer = setInterval(() => {
    const now = residentMb(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 100);
  return () => {
    clearInterval(timer);
    const kernel = kernelPeak && pid ? highWaterMb(pid) : null;
    return kernel === null ? peak : Math.max(peak ?? 0, kernel);
  };
}

function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Waits (at most 30 s) until a process uses under a tenth of a CPU over half a second. */
export async function quiet(pid: number | undefined): Promise<void> {
  if (!pid) return;
  const until = Date.now() + 30_000;
  let last = cpuTicks(pid);
  while (last !== null && Date.now() < until) {
    await new Promise((ok) => setTimeout(ok, 500));
    const now = cpuTicks(pid);
    // Ticks are hundredths of a second: 5 in half a second is a tenth of a CPU.
    if (now === null || now - last < 5) return;
    last = now;
  }
}
