// Members at size: 100,000 people (Stripe subscriptions over a year, newsletter readers, signed-in
// people, labels) and a year of payments and funnel events in a temp database file, then the
// revenue page's figures, the Dashboard cards and the members list's first page, search and
// filters, timed in process with the query plans that matter.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, tuneFileDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { FUNNEL_KINDS, funnelEvents, memberLabels, newsletterSubscribers, subscribers, subscriptionPayments, users } from '../../db/schema';
import { tempDatabaseFile } from '../../tests/support/temp-db';
import { fixed, summarize, whole, type Table } from './report';

export const MEMBERS = 100_000;
const WARMUP_RUNS = 1;
const TIMED_RUNS = 5;
const TARGET_MS = 1_000;
const ROWS_PER_STATEMENT = 500;
const DAY_MS = 86_400_000;
const LABELS = ['press', 'local business', 'friend of the guide', 'hotel concierge', 'gift'];

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

/** Inserts rows ROWS_PER_STATEMENT at a time, 10 statements per db.batch. */
async function insertAll<T>(db: Database, rows: T[], insert: (chunk: T[]) => Parameters<Database['batch']>[0][number]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT * 10) {
    const statements = [];
    for (let s = i; s < Math.min(rows.length, i + ROWS_PER_STATEMENT * 10); s += ROWS_PER_STATEMENT) statements.push(insert(rows.slice(s, s + ROWS_PER_STATEMENT)));
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  }
}

/** Mixed-case addresses, as people type them: the list joins them in lower case. */
const emailOf = (i: number) => (i % 5 === 0 ? `Member${i}@Example.com` : `member${i}@example.com`);

async function seed(db: Database, now: number): Promise<Record<string, number>> {
  const next = random(20_261_127);
  const yearAgo = now - 365 * DAY_MS;
  const subs: (typeof subscribers.$inferInsert)[] = [];
  const payments: (typeof subscriptionPayments.$inferInsert)[] = [];
  const events: (typeof funnelEvents.$inferInsert)[] = [];
  const letters: (typeof newsletterSubscribers.$inferInsert)[] = [];
  const people: (typeof users.$inferInsert)[] = [];
  const labels: (typeof memberLabels.$inferInsert)[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const email = emailOf(i);
    const r = next();
    // A third subscribed through Stripe; half read the newsletter; a quarter signed in (overlapping).
    if (r < 0.33) {
      const startedAt = yearAgo + Math.floor(next() * 365 * DAY_MS);
      const yearly = next() < 0.2;
      const ended = next() < 0.25 ? Math.min(now - 1, startedAt + Math.floor(next() * 120 * DAY_MS)) : null;
      const sub = `sub_bench${i}`;
      subs.push({
        email,
        stripeCustomerId: `cus_bench${i}`,
        stripeSubscriptionId: sub,
        subscriptionStatus: ended ? 'canceled' : 'active',
        stripeStatus: ended ? 'canceled' : next() < 0.02 ? 'past_due' : 'active',
        amount: yearly ? 2990 : 299,
        currency: 'usd',
        interval: yearly ? 'year' : 'month',
        intervalCount: 1,
        startedAt: new Date(startedAt),
        endedAt: ended ? new Date(ended) : null,
        sourceKind: next() < 0.6 ? 'spot' : 'home',
        sourceId: `spot-${Math.floor(next() * 300)}`,
        createdAt: new Date(startedAt),
      });
      for (let paid = startedAt; paid < (ended ?? now); paid += (yearly ? 365 : 30) * DAY_MS) {
        payments.push({ invoiceId: `in_${i}_${paid}`, stripeSubscriptionId: sub, amountPaid: yearly ? 2990 : 299, currency: 'usd', paidAt: new Date(paid) });
      }
      events.push({ kind: 'paid', sessionId: `sid${i}`, stripeSubscriptionId: sub, createdAt: new Date(startedAt) });
      if (ended) events.push({ kind: 'cancelled', sessionId: `sid${i}`, stripeSubscriptionId: sub, createdAt: new Date(ended) });
    }
    if (r >= 0.2 && r < 0.75) {
      const active = next() < 0.8;
      letters.push({
        email,
        isActive: active,
        confirmedAt: active ? new Date(now - 10 * DAY_MS) : null,
        confirmationRequestedAt: active ? null : new Date(now - DAY_MS),
      });
    }
    if (r >= 0.7 || r < 0.1) people.push({ email, provider: 'clerk', subject: `user_bench${i}`, name: `Member ${i}` });
    if (next() < 0.03) labels.push({ email: email.toLowerCase(), label: LABELS[i % LABELS.length]! });
  }
  // Funnel steps before paying: about 600,000 over the year, from 120,000 visitor sessions.
  for (let s = 0; s < 120_000; s++) {
    const at = yearAgo + Math.floor(next() * 365 * DAY_MS);
    const steps = 1 + Math.floor(next() * 4);
    for (let k = 0; k < steps; k++)
      events.push({ kind: FUNNEL_KINDS[k]!, sessionId: `visit${s}`, sourceKind: 'spot', sourceId: `spot-${s % 300}`, createdAt: new Date(at + k * 60_000) });
    if (next() < 0.5) for (let v = 0; v < 3; v++) events.push({ kind: 'free_view', sessionId: `visit${s}`, createdAt: new Date(at - v * 3_600_000) });
  }
  await insertAll(db, subs, (chunk) => db.insert(subscribers).values(chunk));
  await insertAll(db, payments, (chunk) => db.insert(subscriptionPayments).values(chunk));
  await insertAll(db, events, (chunk) => db.insert(funnelEvents).values(chunk));
  await insertAll(db, letters, (chunk) => db.insert(newsletterSubscribers).values(chunk));
  await insertAll(db, people, (chunk) => db.insert(users).values(chunk));
  await insertAll(db, labels, (chunk) => db.insert(memberLabels).values(chunk));
  const [people_] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT lower(email) FROM subscribers UNION SELECT lower(email) FROM newsletter_subscribers UNION SELECT lower(email) FROM users)`,
  );
  return {
    people: people_?.n ?? 0,
    subscriptions: subs.length,
    payments: payments.length,
    funnelEvents: events.length,
    newsletter: letters.length,
    users: people.length,
    labels: labels.length,
  };
}

/** Wall time, and this process's CPU time (the embedded database runs in it), which a busy machine inflates less. */
async function time(run: () => Promise<unknown>): Promise<{ median: number; p95: number; min: number; cpuMedian: number }> {
  for (let i = 0; i < WARMUP_RUNS; i++) await run();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpuStarted);
    samples.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { ...summarize(samples), cpuMedian: summarize(cpu).median };
}

export interface MembersResult {
  rows: Record<string, number>;
  insertSeconds: number;
  timings: { name: string; median: number; p95: number; min: number; cpuMedian: number }[];
}

export async function benchMembers(register: (stop: () => Promise<void>) => void): Promise<MembersResult> {
  const file = tempDatabaseFile('guide-bench-members-');
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
  process.env.DATABASE_URL = file.url;
  const { revenueFacts } = await import('../../src/server/analytics/revenue');
  const { listMembers, memberStateCounts, labelCounts } = await import('../../src/server/members/list');
  const { memberByEmail } = await import('../../src/server/members/member');

  const now = Date.now();
  const started = performance.now();
  const rows = await seed(db, now);
  const insertSeconds = (performance.now() - started) / 1000;
  await db.$client.execute('ANALYZE');
  await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  console.log(
    `  seeded ${Object.entries(rows)
      .map(([k, v]) => `${whole(v)} ${k}`)
      .join(', ')} in ${fixed(insertSeconds, 1)} s`,
  );

  const cases: [string, () => Promise<unknown>][] = [
    ['Dashboard cards (last 30 days)', () => revenueFacts({ range: '30d' })],
    ['Revenue page, 90 days by week', () => revenueFacts({ range: '90d' })],
    ['Revenue page, 12 months by month', () => revenueFacts({ range: '12m' })],
    ['Revenue page, 12 months by day', () => revenueFacts({ range: '12m', by: 'day' })],
    ['Members list: first page + state counts + labels', () => Promise.all([listMembers({ limit: 50 }), memberStateCounts(), labelCounts()])],
    ['Members list: search "member4242"', () => listMembers({ q: 'member4242', limit: 50 })],
    ['Members list: filter Paying', () => listMembers({ state: 'paid', limit: 50 })],
    ['Members list: filter Cancelled', () => listMembers({ state: 'cancelled', limit: 50 })],
    ['Members list: filter label "press"', () => listMembers({ label: 'press', limit: 50 })],
    ['Member page (member500@example.com)', () => memberByEmail('member500@example.com')],
  ];
  const timings = [];
  for (const [name, run] of cases) {
    const t = await time(run);
    timings.push({ name, ...t });
    console.log(`  ${name}: ${fixed(t.median, 1)} ms median, ${fixed(t.p95, 1)} ms p95, ${fixed(t.cpuMedian, 1)} ms CPU`);
  }
  return { rows, insertSeconds, timings };
}

export function membersTable(result: MembersResult): Table {
  return {
    title: `Members at size: ${whole(result.rows.people ?? 0)} people, a year of payments and funnel events`,
    headers: ['query', 'median ms', 'p95 ms', 'CPU median ms', `under ${TARGET_MS} ms`],
    rows: result.timings.map((t) => [t.name, fixed(t.median, 1), fixed(t.p95, 1), fixed(t.cpuMedian, 1), t.p95 < TARGET_MS ? 'yes' : 'NO']),
    notes: [
      `Median (p95) of ${TIMED_RUNS} calls after ${WARMUP_RUNS} warm-up calls of the functions the pages call (src/server/analytics/revenue.ts, src/server/members/list.ts, member.ts), in process, on an embedded libSQL file (WAL), after ANALYZE.`,
      `Rows: ${Object.entries(result.rows)
        .map(([k, v]) => `${whole(v)} ${k}`)
        .join(', ')}; inserted in ${fixed(result.insertSeconds, 1)} s.`,
    ],
  };
}
