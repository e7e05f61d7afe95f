// The revenue figures over a date range: subscriptions spread over a year are written straight into
// the database, and every bucket of the series (paying, MRR, new, cancelled, churn) is recomputed
// here from those rows with the plain definitions, for the presets and for a from–to range. The
// charts read their numbers from the page's tables, and uPlot ships with the revenue page only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { subscribers } from '../../db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { staffWithSession } from '../support/staff-session';

const DAY = 86_400_000;
const OFFSET = 7 * 3_600_000;
let server: TestServer;
let db: Database;
let support: string;

interface Sub {
  startedAt: number;
  endedAt: number | null;
  amount: number;
  interval: 'month' | 'year';
}
const subs: Sub[] = [];
const now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: 'revenue-range-password-2026' } });
  db = openDatabase({ url: server.databaseUrl });
  support = (await staffWithSession(server.databaseUrl, { name: 'Sam Support', email: 'sam@example.com', role: 'support' })).token;
  // 120 subscriptions started over the last 400 days (one every 3 days and a bit); every fourth one
  // is yearly, every third one ended 20 to 60 days after it started (if that is already past).
  for (let i = 0; i < 120; i++) {
    const startedAt = now - 400 * DAY + i * 3.3 * DAY + (i % 7) * 3_600_000;
    const ends = i % 3 === 0 ? startedAt + (20 + (i % 41)) * DAY : null;
    subs.push({ startedAt, endedAt: ends !== null && ends < now ? ends : null, amount: i % 4 === 0 ? 2990 : 299, interval: i % 4 === 0 ? 'year' : 'month' });
  }
  await db.insert(subscribers).values(
    subs.map((s, i) => ({
      email: `range${i}@example.com`,
      stripeCustomerId: `cus_range${i}`,
      stripeSubscriptionId: `sub_range${i}`,
      subscriptionStatus: s.endedAt === null ? 'active' : 'canceled',
      stripeStatus: s.endedAt === null ? 'active' : 'canceled',
      amount: s.amount,
      currency: 'usd',
      interval: s.interval,
      intervalCount: 1,
      startedAt: new Date(s.startedAt),
      endedAt: s.endedAt === null ? null : new Date(s.endedAt),
    })),
  );
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const get = (path: string) => server.fetch(path, { headers: { cookie: `admin_session=${support}` } });
const cityKey = (ms: number) => new Date(ms - OFFSET).toISOString().slice(0, 10);
const dayStart = (key: string) => Date.parse(`${key}T00:00:00Z`) + OFFSET;
const payingAt = (t: number) => subs.filter((s) => s.startedAt <= t && (s.endedAt === null || s.endedAt > t));
// In twelfths of a cent, so the sum is exact and rounds once.
const mrrAt = (t: number) => Math.round(payingAt(t).reduce((sum, s) => sum + (s.interval === 'year' ? s.amount : s.amount * 12), 0) / 12);

/** The buckets of a range by the plain definitions, one city day at a time. */
function expected(from: string, to: string, by: 'day' | 'week' | 'month') {
  const start = dayStart(from);
  const end = dayStart(to) + DAY;
  const keyOf = (t: number) => {
    const key = cityKey(t);
    if (by === 'day') return key;
    if (by === 'month') return `${key.slice(0, 7)}-01`;
    const date = new Date(`${key}T00:00:00Z`);
    return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
  };
  const keys: string[] = [];
  for (let t = start; t < end; t += DAY) if (keys.at(-1) !== keyOf(t)) keys.push(keyOf(t));
  return keys.map((bucket, i) => {
    const bucketStart = Math.max(dayStart(bucket), start);
    const bucketEnd = Math.min(i + 1 < keys.length ? dayStart(keys[i + 1]!) : end, now);
    const inBucket = (t: number | null) => t !== null && t >= start && t < end && keyOf(t) === bucket;
    const payingAtStart = payingAt(bucketStart).length;
    const cancelled = subs.filter((s) => inBucket(s.endedAt)).length;
    return {
      bucket,
      newPaid: subs.filter((s) => inBucket(s.startedAt)).length,
      cancelled,
      payingAtStart,
      churnPercent: payingAtStart ? Math.round((cancelled / payingAtStart) * 1000) / 10 : null,
      payingAtEnd: payingAt(bucketEnd).length,
      mrrAtEnd: mrrAt(bucketEnd),
    };
  });
}

describe('revenue over a date range', () => {
  it('the presets cover 7, 30 and 90 days and 12 calendar months, each series recomputed from the rows', async () => {
    const today = cityKey(now);
    const back = (days: number) => cityKey(dayStart(today) - days * DAY);
    const [year, month] = today.split('-').map(Number) as [number, number];
    const twelve = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
    const cases = [
      { range: '7d', from: back(6), by: 'day', buckets: 7 },
      { range: '30d', from: back(29), by: 'day', buckets: 30 },
      { range: '90d', from: back(89), by: 'week', buckets: null },
      { range: '12m', from: twelve, by: 'month', buckets: 12 },
    ] as const;
    for (const c of cases) {
      const response = await get(`/api/admin/members/revenue?range=${c.range}`);
      expect(response.status).toBe(200);
      const facts = await response.json();
      expect(facts.range).toEqual({ from: c.from, to: today, by: c.by, preset: c.range });
      const want = expected(c.from, today, c.by);
      if (c.buckets) expect(want).toHaveLength(c.buckets);
      expect(facts.series).toEqual(want);
      expect(facts.paying).toEqual({ now: payingAt(now).length, atStart: payingAt(dayStart(c.from)).length, atEnd: payingAt(now).length });
    }
    // The series moved over the year: some buckets gained members and some lost them.
    const year12 = expected(twelve, today, 'month');
    expect(year12.reduce((n, row) => n + row.newPaid, 0)).toBeGreaterThan(80);
    expect(year12.reduce((n, row) => n + row.cancelled, 0)).toBeGreaterThan(20);
  });

  it('a from–to range by day and by week, and the Dashboard-wide MRR now', async () => {
    const from = cityKey(now - 200 * DAY);
    const to = cityKey(now - 120 * DAY);
    for (const by of ['day', 'week'] as const) {
      const facts = await (await get(`/api/admin/members/revenue?from=${from}&to=${to}&by=${by}`)).json();
      expect(facts.range).toEqual({ from, to, by, preset: null });
      expect(facts.series).toEqual(expected(from, to, by));
      expect(facts.series.at(-1).payingAtEnd).toBe(payingAt(dayStart(to) + DAY).length);
    }
    const facts = await (await get(`/api/admin/members/revenue?from=${from}&to=${to}`)).json();
    expect(facts.mrr).toEqual([{ currency: 'usd', amount: mrrAt(now) }]);
    expect(facts.seriesCurrency).toBe('usd');
  });

  it('refuses ranges it does not know, with a message saying what to send', async () => {
    const cases: [string, string][] = [
      ['range=5d', 'Invalid query: range: Invalid option: expected one of "7d"|"30d"|"90d"|"12m"'],
      ['from=2026-02-30&to=2026-03-01', 'Invalid query: from: from is not a real date'],
      ['from=2026-01-01&to=2026-1-31', 'Invalid query: to: to must be a date like 2026-01-31'],
      ['from=2020-01-01&to=2026-01-01', 'Invalid query: A range can be 1096 days long at most'],
      ['by=year', 'Invalid query: by: Invalid option: expected one of "day"|"week"|"month"'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/admin/members/revenue?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).message, query).toBe(message);
    }
    const page = await get('/admin/members/revenue?range=5d');
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Invalid option: expected one of');
  });

  it('each chart reads the numbers of its table, and uPlot is loaded by the revenue page only', async () => {
    const response = await get('/admin/members/revenue?range=12m');
    expect(response.status).toBe(200);
    const html = await response.text();
    const facts = await (await get('/api/admin/members/revenue?range=12m')).json();
    // The table rows the charts read: one per month, with the same numbers as the figures.
    for (const row of facts.series) {
      expect(html).toContain(`<tr data-label="${row.bucket}">`);
      expect(html).toContain(`data-series="paying" data-value="${row.payingAtEnd}"`);
      expect(html).toContain(`data-series="mrr" data-value="${row.mrrAtEnd}"`);
    }
    for (const kind of ['paying', 'mrr', 'moves']) expect(html).toContain(`data-chart="${kind}" data-table="revenue-series"`);
    expect(html).toContain('data-chart="funnel" data-table="revenue-funnel-table"');
    expect(html).toContain('id="revenue-funnel-table"');

    const chartScripts = await scriptsOf('/admin/members/revenue?range=12m');
    const charts = [...chartScripts].filter(([, text]) => text.includes('"uplot"'));
    expect(charts.length).toBe(1);
    const [chartUrl] = charts[0]!;
    const pages = ['/', '/spots', '/events', '/blog', '/top-spots', '/admin', '/admin/members', '/admin/account', '/admin/history'];
    for (const page of pages) {
      const scripts = await scriptsOf(page);
      expect(scripts.size, page).toBeGreaterThan(0);
      expect([...scripts.keys()], page).not.toContain(chartUrl);
      expect(
        [...scripts.values()].some((text) => text.includes('"uplot"')),
        page,
      ).toBe(false);
    }
  });
});

/** Every script a page loads: its module scripts, preloads and the chunks they import, by URL. */
async function scriptsOf(path: string): Promise<Map<string, string>> {
  const owner = (await staffWithSession(server.databaseUrl, { name: 'Olive', email: `olive-${Math.random()}@example.com`, role: 'owner' })).token;
  const html = await (await server.fetch(path, { headers: { cookie: `admin_session=${owner}` } })).text();
  const seen = new Map<string, string>();
  const queue = [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const text = await (await server.fetch(url)).text();
    seen.set(url, text);
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\/[^"]+\.js)"/g)) queue.push(new URL(m[1]!, `http://x${url}`).pathname);
  }
  return seen;
}
