// Search at size: GET /api/search timed one request at a time (the shared response cache off, so
// every answer runs the query) on a database grown to 10,000 and 100,000 documents, on the embedded
// file and on a libSQL server (sqld). docs/decisions/032-search.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots } from '../../db/schema';
import { SPOT_CATEGORIES, SPOT_DEFAULT_IMAGES, SPOT_TAGS } from '../../src/lib/catalog';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { startSqld } from '../../tests/support/sqld';
import { tempDatabaseFile } from '../../tests/support/temp-db';
import { fixed, whole, type Table } from './report';

export const SEARCH_SIZES = [10_000, 100_000];
const ROUNDS = 25;
const WARMUP_ROUNDS = 2;
const ROWS_PER_STATEMENT = 250;
const ROWS_PER_BATCH = 1_000;
/** What readers type, as the panel sends it: prefixes while typing, a misspelling, time words, filters. */
export const SEARCH_QUERIES = [
  'tacos',
  'ta',
  'sunset hike',
  'patio',
  'dog friendly patio',
  'tako',
  'jazz this weekend',
  'mezcal open now',
  'brunch old town',
  'saguaro trail',
  'desert&kind=spot&price=2',
  'xylophone',
];
/** Words of the city, each in about 2% of documents; the rest of the text is drawn from a long tail. */
const CITY_WORDS = ['taco', 'patio', 'sunset', 'hike', 'trail', 'jazz', 'mezcal', 'brunch', 'desert', 'saguaro', 'dog', 'friendly', 'old', 'town'];

export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A vocabulary of 5,000 made-up words drawn with a Zipf-like skew, as real text is. */
export function vocabulary(next: () => number): () => string {
  const syllables = ['ka', 'lo', 'mi', 'ren', 'sa', 'tor', 'vi', 'qua', 'del', 'nor', 'pe', 'zu', 'bra', 'ché', 'ol', 'fin'];
  const words = Array.from({ length: 5_000 }, () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * syllables.length)]).join(''));
  return () => words[Math.floor(words.length * next() ** 3)]!;
}

function text(next: () => number, word: () => string, length: number): string {
  return Array.from({ length }, () => (next() < 0.03 ? CITY_WORDS[Math.floor(next() * CITY_WORDS.length)]! : word())).join(' ');
}

export async function grow(db: Database, from: number, to: number, next: () => number, word: () => string): Promise<void> {
  for (let start = from; start < to; start += ROWS_PER_BATCH) {
    const end = Math.min(to, start + ROWS_PER_BATCH);
    const statements = [];
    for (let s = start; s < end; s += ROWS_PER_STATEMENT) {
      const rows: (typeof spots.$inferInsert)[] = [];
      for (let i = s; i < Math.min(end, s + ROWS_PER_STATEMENT); i++) {
        const category = SPOT_CATEGORIES[Math.floor(next() * SPOT_CATEGORIES.length)]!;
        rows.push({
          name: `${text(next, word, 2)} ${i}`,
          slug: `bench-search-${i}`,
          category,
          description: text(next, word, 40),
          hook: text(next, word, 8),
          imageUrl: SPOT_DEFAULT_IMAGES[category],
          mapsUrl: 'https://www.google.com/maps',
          tags: SPOT_TAGS.filter(() => next() < 0.1),
          neighbourhood: next() < 0.3 ? 'Old Town' : 'North Scottsdale',
          priceLevel: 1 + Math.floor(next() * 4),
        });
      }
      statements.push(db.insert(spots).values(rows));
    }
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  }
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

/** CPU time a process has used, in ms (utime + stime of /proc/<pid>/stat, 10 ms ticks). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The sqld process serving this data directory (to count the CPU the queries cost it). */
function sqldPid(dataDir: string): number | undefined {
  try {
    const pid = execFileSync('pgrep', ['-f', `sqld.*${dataDir}`], { encoding: 'utf8' })
      .trim()
      .split('\n')[0];
    return pid ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

export interface SearchStep {
  engine: 'file' | 'sqld';
  documents: number;
  p50: number;
  p99: number;
  /** CPU the app server (and sqld) spent per query, averaged: what the load on this machine does not inflate. */
  cpuPerQuery: number;
  max: number;
  slowest: string;
  growSeconds: number;
}

async function measure(server: TestServer, dbPid: number | undefined): Promise<{ p50: number; p99: number; max: number; slowest: string; cpuPerQuery: number }> {
  const { url } = server;
  const samples: number[] = [];
  let cpuStart = 0;
  const perQuery = new Map<string, number>();
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    for (const query of SEARCH_QUERIES) {
      const path = `${url}/api/search?q=${query.replace(/ /g, '%20')}`;
      // A kept-alive connection the server closed while the database grew fails once: warm-up absorbs it.
      if (round < WARMUP_ROUNDS)
        await fetch(path).then(
          (r) => r.arrayBuffer(),
          () => undefined,
        );
      if (round === WARMUP_ROUNDS && query === SEARCH_QUERIES[0]) cpuStart = cpuMs(server.process.pid) + cpuMs(dbPid);
      const started = performance.now();
      const response = await fetch(path).catch((error: unknown) => {
        throw new Error(`GET /api/search?q=${query} failed (${String(error)}); the server printed:\n${server.output().slice(-2000)}`);
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET /api/search?q=${query} answered ${response.status}`);
      if (round < WARMUP_ROUNDS) continue;
      samples.push(ms);
      perQuery.set(query, Math.max(perQuery.get(query) ?? 0, ms));
    }
  }
  const cpuPerQuery = (cpuMs(server.process.pid) + cpuMs(dbPid) - cpuStart) / samples.length;
  const slowest = [...perQuery.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), max: Math.max(...samples), slowest: slowest[0], cpuPerQuery };
}

async function benchEngine(engine: 'file' | 'sqld', register: (stop: () => Promise<void>) => void): Promise<SearchStep[]> {
  let databaseUrl: string;
  let dbPid: number | undefined;
  if (engine === 'sqld') {
    const sqld = await startSqld();
    register(sqld.stop);
    databaseUrl = sqld.url;
    dbPid = sqldPid(sqld.dataDir);
  } else {
    const file = tempDatabaseFile('search-bench-');
    register(async () => file.remove());
    databaseUrl = file.url;
  }
  const server = await startTestServer({ databaseUrl, env: { RESPONSE_CACHE: 'off' } });
  register(server.stop);
  const db = openDatabase({ url: databaseUrl });
  register(async () => db.$client.close());
  const next = random(20_261_127);
  const word = vocabulary(next);
  const steps: SearchStep[] = [];
  const count = async () => (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM search_index`))[0]!.n;
  let inserted = 0;
  for (const size of SEARCH_SIZES) {
    const started = performance.now();
    const missing = size - (await count());
    await grow(db, inserted, inserted + missing, next, word);
    inserted += missing;
    const growSeconds = (performance.now() - started) / 1000;
    if (engine === 'file') await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const step = { engine, documents: await count(), growSeconds, ...(await measure(server, dbPid)) };
    console.log(
      `  ${engine}, ${whole(step.documents)} documents: p50 ${fixed(step.p50, 1)} ms, p99 ${fixed(step.p99, 1)} ms, CPU ${fixed(step.cpuPerQuery, 2)} ms/query (slowest: ${step.slowest})`,
    );
    steps.push(step);
  }
  return steps;
}

export async function benchSearch(register: (stop: () => Promise<void>) => void, cleanUp: () => Promise<void>): Promise<SearchStep[]> {
  const steps = await benchEngine('file', register);
  await cleanUp();
  steps.push(...(await benchEngine('sqld', register)));
  await cleanUp();
  return steps;
}

export function searchTable(steps: SearchStep[]): Table {
  return {
    title: 'Search at size: GET /api/search',
    headers: ['engine', 'documents', 'p50 ms', 'p99 ms', 'max ms', 'CPU ms/query', 'slowest query', 'grow s'],
    rows: steps.map((s) => [
      s.engine,
      whole(s.documents),
      fixed(s.p50, 1),
      fixed(s.p99, 1),
      fixed(s.max, 1),
      fixed(s.cpuPerQuery, 2),
      s.slowest,
      fixed(s.growSeconds, 1),
    ]),
    notes: [
      `${ROUNDS} rounds (after ${WARMUP_ROUNDS} warm-up rounds) of ${SEARCH_QUERIES.length} queries, one request at a time, RESPONSE_CACHE=off, timed at the client over loopback (so HTTP is included): ${SEARCH_QUERIES.join(' · ')}.`,
      'CPU ms/query: CPU time the app server (and on sqld, the sqld process) used over the timed rounds, from /proc, divided by the queries: what a query costs on an idle machine, where the wall times above include waiting for a busy CPU.',
      'Documents are the seeded guide plus spots with made-up text (a 5,000-word vocabulary drawn with a Zipf-like skew; each city word in about 2% of documents); each spot is one document of the FTS5 index, kept by its triggers.',
    ],
  };
}
