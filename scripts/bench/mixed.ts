// A mixed load: the public reads in turn with one love or spot view in every 20 requests, as
// visitors reading and now and then tapping. Each write makes every kept response stale, so this
// shows what the shared response cache is worth when the data keeps changing, and checks that no
// request failed and every write was counted.
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { CONNECTIONS, REQUEST_HEADERS } from './http';
import { errorMessage, fixed, whole, type Table } from './report';

/** Reads per write. */
export const READS_PER_WRITE = 19;

export interface MixedResult {
  engine: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  writesAcknowledged: number;
  writesCounted: number;
  error?: string;
}

async function engagementTotal(databaseUrl: string): Promise<number> {
  const db = openDatabase({ url: databaseUrl });
  try {
    const [row] = await db.all<{ n: number }>(sql`SELECT coalesce(sum(loved_count + view_count), 0) AS n FROM spots`);
    return Number(row?.n ?? 0);
  } finally {
    db.$client.close();
  }
}

/**
 * One sequence per connection, repeated: a write (a love or a spot view, in turn, over the given
 * spots), then 19 reads of the public pages in turn, and so on. Writes carry no cookie, so each is
 * a new visitor and counts once.
 */
export async function benchMixed(origin: string, databaseUrl: string, readPaths: string[], spotIds: number[], duration: number, engine: string): Promise<MixedResult> {
  const headers = { ...REQUEST_HEADERS };
  let acknowledged = 0;
  // Writes ask for no compression, so their answers can be read here; reads stay compressed.
  const onResponse = (status: number, body: string) => {
    if (status === 200 && /"counted":true/.test(String(body))) acknowledged++;
  };
  const write = (index: number) => ({
    method: 'POST',
    path: `/api/spots/${spotIds[index % spotIds.length]}/${index % 2 === 0 ? 'love' : 'view'}`,
    headers: { origin, 'content-type': 'application/json' },
    body: '{}',
    onResponse,
  });
  const requests = Array.from({ length: spotIds.length * 2 }, (_, segment) => [
    write(segment),
    ...Array.from({ length: READS_PER_WRITE }, (_, i) => ({ method: 'GET', path: readPaths[(segment * READS_PER_WRITE + i) % readPaths.length]!, headers })),
  ]).flat();
  try {
    const before = await engagementTotal(databaseUrl);
    const result: Result = await autocannon({ url: origin, connections: CONNECTIONS, duration, requests, timeout: 10 });
    const counted = (await engagementTotal(databaseUrl)) - before;
    return {
      engine,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      failed: result.non2xx + result.errors + result.timeouts,
      writesAcknowledged: acknowledged,
      writesCounted: counted,
    };
  } catch (error) {
    return { engine, requestsPerSecond: 0, p50: 0, p99: 0, requests: 0, failed: 0, writesAcknowledged: acknowledged, writesCounted: 0, error: errorMessage(error) };
  }
}

export function mixedTable(results: MixedResult[], duration: number, readPaths: string[]): Table {
  return {
    title: 'Mixed load: reads with one love or view per 20 requests',
    headers: ['database', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed', 'writes acknowledged', 'writes counted'],
    rows: results.map((r) => [
      r.engine,
      whole(r.requestsPerSecond),
      fixed(r.p50, 0),
      fixed(r.p99, 0),
      whole(r.requests),
      whole(r.failed),
      whole(r.writesAcknowledged),
      whole(r.writesCounted),
    ]),
    notes: [
      `autocannon, ${CONNECTIONS} connections, ${duration} s; each connection repeats a write (a love or a spot view, in turn) and ${READS_PER_WRITE} reads of: ${readPaths.join(', ')}.`,
      'writes acknowledged = 200 answers saying the love or view was counted; writes counted = the rise of loves + views in the database after the run.',
      ...results.filter((r) => r.error).map((r) => `${r.engine}: ${r.error}`),
    ],
  };
}
