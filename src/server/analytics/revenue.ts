import { and, desc, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { funnelEvents, FUNNEL_KINDS, newsletterRuns, newsletterSubscribers, subscribers, type FunnelKind } from '../../../db/schema';
import { database } from '../db/database';
import { monthlyAmount } from '../members/money';

/** The city keeps UTC−7 all year: a city day starts at 07:00 UTC. */
const CITY_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const RevenueQuery = z
  .object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date like 2026-01-31')
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date like 2026-01-31')
      .optional(),
    by: z.enum(BUCKETS).default('day'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, 'from must not be after to');

/** The start of a city day (YYYY-MM-DD) as an instant. */
export const cityDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) + CITY_OFFSET_MS;
const cityKey = (ms: number) => new Date(ms - CITY_OFFSET_MS).toISOString().slice(0, 10);

/** The bucket a moment falls in, named by its first city day (weeks start on Monday). */
export function bucketOf(ms: number, by: Bucket): string {
  const day = cityKey(ms);
  if (by === 'day') return day;
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/** Every bucket from `from` to `to` (inclusive city days), in order. */
function bucketsBetween(from: number, toExclusive: number, by: Bucket): string[] {
  const keys: string[] = [];
  for (let t = from; t < toExclusive; t += DAY_MS) {
    const key = bucketOf(t, by);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

export interface RevenueFacts {
  range: { from: string; to: string; by: Bucket };
  paying: { now: number; atStart: number; atEnd: number };
  complimentary: number;
  /** Monthly recurring revenue in minor units (yearly ÷ 12; discounts left out), per currency. */
  mrr: { currency: string; amount: number }[];
  series: { bucket: string; newPaid: number; cancelled: number; payingAtStart: number; churnPercent: number | null }[];
  funnel: { kind: FunnelKind; events: number; sessions: number; conversionPercent: number | null }[];
  sources: { kind: string; id: string | null; subscriptions: number }[];
  newsletter: { confirmed: number; pending: number; unsubscribed: number; lastSends: { weekStart: Date; sent: number; failed: number; finishedAt: Date | null }[] };
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
/** Paid through Stripe (not complimentary). */
const paidRow = isNotNull(subscribers.stripeSubscriptionId);

/**
 * The Dashboard's members and revenue: everything from our own tables (the webhooks keep them),
 * nothing asked of Stripe at page time. `to` is inclusive (a whole city day).
 */
export async function revenueFacts(query: z.infer<typeof RevenueQuery>, now = new Date()): Promise<RevenueFacts> {
  const to = query.to ?? cityKey(now.getTime());
  const from = query.from ?? cityKey(cityDayStart(to) - 29 * DAY_MS);
  const start = cityDayStart(from);
  const end = cityDayStart(to) + DAY_MS;
  const db = await database();
  const payingAt = (t: number) =>
    sql<number>`count(*) FILTER (WHERE ${subscribers.stripeSubscriptionId} IS NOT NULL AND ${subscribers.startedAt} <= ${t} AND (${subscribers.endedAt} IS NULL OR ${subscribers.endedAt} > ${t}))`;
  const [[counts], mrrRows, moves, funnelRows, sourceRows, newsletterRows, runs] = await Promise.all([
    db
      .select({
        now: sql<number>`count(*) FILTER (WHERE ${subscribers.stripeSubscriptionId} IS NOT NULL AND ${subscribers.subscriptionStatus} = 'active')`,
        comp: sql<number>`count(*) FILTER (WHERE ${subscribers.stripeSubscriptionId} IS NULL AND coalesce(${subscribers.stripeStatus}, '') <> 'gift' AND ${subscribers.compUntil} > ${now.getTime()})`,
        atStart: payingAt(start),
        atEnd: payingAt(Math.min(end, now.getTime())),
      })
      .from(subscribers),
    db
      .select({ currency: subscribers.currency, amount: subscribers.amount, interval: subscribers.interval, intervalCount: subscribers.intervalCount })
      .from(subscribers)
      .where(and(paidRow, sql`${subscribers.subscriptionStatus} = 'active'`)),
    db
      .select({ startedAt: subscribers.startedAt, endedAt: subscribers.endedAt })
      .from(subscribers)
      .where(
        and(
          paidRow,
          sql`((${subscribers.startedAt} >= ${start} AND ${subscribers.startedAt} < ${end}) OR (${subscribers.endedAt} >= ${start} AND ${subscribers.endedAt} < ${end}))`,
        ),
      ),
    db
      .select({ kind: funnelEvents.kind, events: sql<number>`count(*)`, sessions: sql<number>`count(DISTINCT ${funnelEvents.sessionId})` })
      .from(funnelEvents)
      .where(and(gte(funnelEvents.createdAt, new Date(start)), lt(funnelEvents.createdAt, new Date(end))))
      .groupBy(funnelEvents.kind),
    db
      .select({ kind: subscribers.sourceKind, id: subscribers.sourceId, n: sql<number>`count(*)` })
      .from(subscribers)
      .where(and(paidRow, isNotNull(subscribers.sourceKind), gte(subscribers.startedAt, new Date(start)), lt(subscribers.startedAt, new Date(end))))
      .groupBy(subscribers.sourceKind, subscribers.sourceId)
      .orderBy(desc(sql`count(*)`), subscribers.sourceKind, subscribers.sourceId)
      .limit(10),
    db
      .select({
        confirmed: sql<number>`count(*) FILTER (WHERE ${newsletterSubscribers.isActive} = 1)`,
        pending: sql<number>`count(*) FILTER (WHERE ${newsletterSubscribers.isActive} = 0 AND ${newsletterSubscribers.confirmationRequestedAt} IS NOT NULL)`,
        unsubscribed: sql<number>`count(*) FILTER (WHERE ${newsletterSubscribers.isActive} = 0 AND ${newsletterSubscribers.confirmationRequestedAt} IS NULL)`,
      })
      .from(newsletterSubscribers),
    db.select().from(newsletterRuns).orderBy(desc(newsletterRuns.weekStart)).limit(5),
  ]);

  const mrr = new Map<string, number>();
  for (const row of mrrRows) {
    const currency = row.currency ?? 'usd';
    mrr.set(currency, (mrr.get(currency) ?? 0) + monthlyAmount(row.amount, row.interval, row.intervalCount));
  }

  const keys = bucketsBetween(start, end, query.by);
  const series = keys.map((bucket) => {
    const bucketStart = Math.max(cityDayStart(bucket), start);
    const within = (d: Date | null) => d !== null && d.getTime() >= start && d.getTime() < end && bucketOf(d.getTime(), query.by) === bucket;
    // Paying at the bucket's start: those paying when the range began, plus the moves in between.
    const between = (d: Date | null) => d !== null && d.getTime() > start && d.getTime() <= bucketStart;
    const payingAtStart = (counts?.atStart ?? 0) + moves.filter((m) => between(m.startedAt)).length - moves.filter((m) => between(m.endedAt)).length;
    const cancelled = moves.filter((m) => within(m.endedAt)).length;
    return { bucket, newPaid: moves.filter((m) => within(m.startedAt)).length, cancelled, payingAtStart, churnPercent: percent(cancelled, payingAtStart) };
  });

  const byKind = new Map(funnelRows.map((row) => [row.kind, row]));
  const funnel = FUNNEL_KINDS.map((kind, index) => {
    const row = byKind.get(kind);
    const events = row?.events ?? 0;
    // Conversion along the paywall's steps: each step over the one before it (free view → paid).
    const previous = index > 0 && index <= 4 ? (byKind.get(FUNNEL_KINDS[index - 1]!)?.events ?? 0) : 0;
    return { kind, events, sessions: row?.sessions ?? 0, conversionPercent: index > 0 && index <= 4 ? percent(events, previous) : null };
  });

  const [news] = newsletterRows;
  return {
    range: { from, to, by: query.by },
    paying: { now: counts?.now ?? 0, atStart: counts?.atStart ?? 0, atEnd: counts?.atEnd ?? 0 },
    complimentary: counts?.comp ?? 0,
    mrr: [...mrr].map(([currency, amount]) => ({ currency, amount: Math.round(amount) })),
    series,
    funnel,
    sources: sourceRows.map((row) => ({ kind: row.kind!, id: row.id, subscriptions: row.n })),
    newsletter: {
      confirmed: news?.confirmed ?? 0,
      pending: news?.pending ?? 0,
      unsubscribed: news?.unsubscribed ?? 0,
      lastSends: runs.map((run) => ({ weekStart: run.weekStart, sent: run.sent, failed: run.failed, finishedAt: run.finishedAt })),
    },
  };
}
