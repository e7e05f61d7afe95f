// Size: the leaderboard and featured reads of src/server/spots/spots.ts timed on a temp database that
// grows from 1,000 to 100,000 spots, with the query plan of the leaderboard.
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { asc, count, desc, eq } from 'drizzle-orm';
import { openDatabase, tuneFileDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { spots } from '../../db/schema';
import { SPOT_CATEGORIES, SPOT_DEFAULT_IMAGES, SPOT_TAGS } from '../../src/lib/catalog';
import { tempDatabaseFile } from '../../tests/support/temp-db';
import { fixed, summarize, whole, type Table } from './report';

export const SCALE_SIZES = [1_000, 10_000, 100_000];
const ROWS_PER_STATEMENT = 250;
const ROWS_PER_BATCH = 1_000;
const WARMUP_RUNS = 5;
const TIMED_RUNS = 50;
const LEADERBOARD_LIMIT = 20;
/** Featured is an editorial flag: about one spot in a thousand carries it. */
const FEATURED_RATE = 0.001;
const SEED = 20_250_601;
const DAY_MS = 86_400_000;

/** mulberry32: a small deterministic generator, so every run inserts the same rows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = ['desert', 'patio', 'mesquite', 'canyon', 'tacos', 'mezcal', 'sunset', 'trail', 'gallery', 'espresso', 'saguaro', 'brunch'];

function spotRow(i: number, next: () => number, now: number): typeof spots.$inferInsert {
  const category = SPOT_CATEGORIES[Math.floor(next() * SPOT_CATEGORIES.length)]!;
  const tags = SPOT_TAGS.filter(() => next() < 0.18);
  const words = Array.from({ length: 24 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  // Skewed counters: most spots are quiet, a few are popular (as on a real leaderboard).
  const skew = (max: number) => Math.floor(next() ** 3 * max);
  return {
    name: `Bench Spot ${i}`,
    category,
    description: `A Scottsdale ${category} spot: ${words}.`,
    imageUrl: SPOT_DEFAULT_IMAGES[category],
    mapsUrl: `https://www.google.com/maps/search/?api=1&query=Bench%20Spot%20${i}`,
    website: next() < 0.5 ? `https://example.com/spot/${i}` : null,
    featured: next() < FEATURED_RATE ? 1 : 0,
    viewCount: skew(5_000),
    lovedCount: skew(600),
    visitedCount: skew(1_200),
    suggestionCount: skew(20),
    tags,
    createdAt: new Date(now - Math.floor(next() * 3 * 365 * DAY_MS)),
  };
}

/** Inserts spots numbered from..to-1 with multi-row inserts, ROWS_PER_BATCH rows per db.batch. */
async function insertSpots(db: Database, from: number, to: number, next: () => number, now: number): Promise<void> {
  for (let start = from; start < to; start += ROWS_PER_BATCH) {
    const end = Math.min(to, start + ROWS_PER_BATCH);
    const statements = [];
    for (let s = start; s < end; s += ROWS_PER_STATEMENT) {
      const rows = [];
      for (let i = s; i < Math.min(end, s + ROWS_PER_STATEMENT); i++) rows.push(spotRow(i + 1, next, now));
      statements.push(db.insert(spots).values(rows));
    }
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  }
}

async function time(run: () => Promise<unknown[]>): Promise<{ median: number; p95: number; min: number; rows: number }> {
  let rows = 0;
  for (let i = 0; i < WARMUP_RUNS; i++) rows = (await run()).length;
  const samples: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { ...summarize(samples), rows };
}

async function queryPlan(db: Database, query: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const plan = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
  return plan.rows.map((row) => String(row.detail));
}

function fileSize(path: string): number {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(path + suffix).size;
    } catch {
      // no WAL file
    }
  }
  return total;
}

export interface ScaleStep {
  spots: number;
  featuredRows: number;
  insertSeconds: number;
  dbBytes: number;
  topMs: { median: number; p95: number; min: number; rows: number };
  featuredMs: { median: number; p95: number; min: number; rows: number };
}

export interface ScaleResult {
  steps: ScaleStep[];
  leaderboardPlan: string[];
  leaderboardUsesScoreIndex: boolean;
  featuredPlan: string[];
}

export async function benchScale(register: (stop: () => Promise<void>) => void): Promise<ScaleResult> {
  const file = tempDatabaseFile('guide-bench-');
  const db = openDatabase({ url: file.url });
  const previousUrl = process.env.DATABASE_URL;
  register(async () => {
    db.$client.close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    file.remove();
  });
  await tuneFileDatabase(db, file.url);
  await migrateDatabase(db);

  // src/server/db/database.ts reads DATABASE_URL on its first use, so point it at the temp file first.
  process.env.DATABASE_URL = file.url;
  const { topSpots, featuredSpots } = await import('../../src/server/spots/spots');

  const next = random(SEED);
  const now = Date.now();
  const steps: ScaleStep[] = [];
  let inserted = 0;
  for (const size of SCALE_SIZES) {
    const started = performance.now();
    await insertSpots(db, inserted, size, next, now);
    const insertSeconds = (performance.now() - started) / 1000;
    inserted = size;
    await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const [total] = await db.select({ n: count() }).from(spots);
    const [featured] = await db.select({ n: count() }).from(spots).where(eq(spots.featured, 1));
    const step: ScaleStep = {
      spots: total?.n ?? 0,
      featuredRows: featured?.n ?? 0,
      insertSeconds,
      dbBytes: fileSize(file.path),
      topMs: await time(() => topSpots(LEADERBOARD_LIMIT)),
      featuredMs: await time(() => featuredSpots()),
    };
    steps.push(step);
    console.log(`  ${whole(step.spots)} spots: top(${LEADERBOARD_LIMIT}) ${fixed(step.topMs.median, 3)} ms, featured ${fixed(step.featuredMs.median, 3)} ms`);
  }

  // The same query builders as topSpots and featuredSpots in src/server/spots/spots.ts.
  const leaderboardPlan = await queryPlan(db, db.select().from(spots).orderBy(desc(spots.score), asc(spots.id)).limit(LEADERBOARD_LIMIT));
  const featuredPlan = await queryPlan(db, db.select().from(spots).where(eq(spots.featured, 1)).orderBy(desc(spots.createdAt), asc(spots.id)));
  return {
    steps,
    leaderboardPlan,
    leaderboardUsesScoreIndex: leaderboardPlan.some((line) => line.includes('spots_score_idx')),
    featuredPlan,
  };
}

export function scaleTable(result: ScaleResult): Table {
  const notes = [
    `Median (p95) of ${TIMED_RUNS} calls after ${WARMUP_RUNS} warm-up calls of topSpots(${LEADERBOARD_LIMIT}) and featuredSpots() from src/server/spots/spots.ts, in process, on an embedded libSQL file (WAL).`,
    `Rows inserted ${ROWS_PER_BATCH} per db.batch with a fixed pseudo-random seed; about ${FEATURED_RATE * 1000} in 1,000 spots is featured. DB size after a WAL checkpoint.`,
    `EXPLAIN QUERY PLAN (leaderboard): ${result.leaderboardPlan.join('; ')}${result.leaderboardUsesScoreIndex ? '' : ' — does NOT use spots_score_idx'}`,
    `EXPLAIN QUERY PLAN (featured): ${result.featuredPlan.join('; ')}`,
  ];
  return {
    title: 'Database size: leaderboard and featured reads',
    headers: ['spots', 'DB MB', 'top(20) median ms', 'top(20) p95 ms', 'featured rows', 'featured median ms', 'featured p95 ms', 'insert s'],
    rows: result.steps.map((s) => [
      whole(s.spots),
      fixed(s.dbBytes / 2 ** 20, 1),
      fixed(s.topMs.median, 3),
      fixed(s.topMs.p95, 3),
      whole(s.featuredMs.rows),
      fixed(s.featuredMs.median, 3),
      fixed(s.featuredMs.p95, 3),
      fixed(s.insertSeconds, 1),
    ]),
    notes,
  };
}
