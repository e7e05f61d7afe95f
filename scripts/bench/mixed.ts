// A mixed load: the public reads in turn with one love or spot view in every 20 requests, as
// visitors reading and now and then tapping. Each write makes every kept response stale, so this
// shows what the shared response cache is worth when the data keeps changing, and checks that no
// request failed and every write was counted.
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/client';
import { takeSnapshot } from '../../src/server/backup/snapshot';
import { verifySnapshot } from '../../src/server/backup/restore';
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
  /** A snapshot taken halfway through the load, as `npm run db:backup` takes it, and what checking it found. */
  backup: string;
  error?: string;
}

/**
 * Takes a snapshot while the load runs and checks it as a restore would (checksum, integrity,
 * schema), and that it holds a moment of the data: its loves and views lie between the counts
 * before the load and after it.
 */
async function backupDuringLoad(databaseUrl: string, before: number, after: () => Promise<number>, snapshot: Promise<string>): Promise<string> {
  try {
    const file = await snapshot;
    await verifySnapshot(file);
    const inSnapshot = await engagementTotal(`file:${file}`);
    const total = await after();
    if (inSnapshot < before || inSnapshot > total) return `inconsistent: ${inSnapshot} loves and views, outside ${before}–${total}`;
    return `consistent (checksum, integrity check; ${whole(inSnapshot - before)} of ${whole(total - before)} writes in it)`;
  } catch (error) {
    return `failed: ${errorMessage(error)}`;
  }
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
  const backupDir = mkdtempSync(join(tmpdir(), 'bench-backup-'));
  try {
    const before = await engagementTotal(databaseUrl);
    const halfway = new Promise<string>((done, fail) =>
      setTimeout(
        () => {
          takeSnapshot({ url: databaseUrl }, backupDir, null)
            .then((manifest) => done(join(backupDir, manifest.file)))
            .catch(fail);
        },
        (duration * 1000) / 2,
      ),
    );
    halfway.catch(() => undefined);
    const result: Result = await autocannon({ url: origin, connections: CONNECTIONS, duration, requests, timeout: 10 });
    const counted = (await engagementTotal(databaseUrl)) - before;
    const backup = await backupDuringLoad(databaseUrl, before, () => engagementTotal(databaseUrl), halfway);
    return {
      engine,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      failed: result.non2xx + result.errors + result.timeouts,
      writesAcknowledged: acknowledged,
      writesCounted: counted,
      backup,
    };
  } catch (error) {
    return {
      engine,
      requestsPerSecond: 0,
      p50: 0,
      p99: 0,
      requests: 0,
      failed: 0,
      writesAcknowledged: acknowledged,
      writesCounted: 0,
      backup: 'not taken',
      error: errorMessage(error),
    };
  } finally {
    rmSync(backupDir, { recursive: true, force: true });
  }
}

export function mixedTable(results: MixedResult[], duration: number, readPaths: string[]): Table {
  return {
    title: 'Mixed load: reads with one love or view per 20 requests',
    headers: ['database', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed', 'writes acknowledged', 'writes counted', 'backup during the load'],
    rows: results.map((r) => [
      r.engine,
      whole(r.requestsPerSecond),
      fixed(r.p50, 0),
      fixed(r.p99, 0),
      whole(r.requests),
      whole(r.failed),
      whole(r.writesAcknowledged),
      whole(r.writesCounted),
      r.backup,
    ]),
    notes: [
      `autocannon, ${CONNECTIONS} connections, ${duration} s; each connection repeats a write (a love or a spot view, in turn) and ${READS_PER_WRITE} reads of: ${readPaths.join(', ')}.`,
      'writes acknowledged = 200 answers saying the love or view was counted; writes counted = the rise of loves + views in the database after the run.',
      'backup during the load = a snapshot taken halfway through as `npm run db:backup` takes it (through a fresh embedded replica on sqld), verified as `npm run db:restore` verifies it, with its loves and views between the counts before and after the load.',
      ...results.filter((r) => r.error).map((r) => `${r.engine}: ${r.error}`),
    ],
  };
}
