import { and, desc, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { funnelEvents, FUNNEL_KINDS, newsletterRuns, newsletterSubscribers, subscribers, type FunnelKind } from '../../../db/schema';
import { database } from '../db/database';
import { monthlyTwelfths } from '../members/money';
import { bucketOf, bucketsBetween, cityDayStart, DAY_MS, resolveRange, type Bucket, type RangePreset, type RevenueQuery } from './range';

export { BUCKETS, RevenueQuery, bucketOf, cityDayStart, type Bucket } from './range';

export interface RevenueFacts {
  range: { from: string; to: string; by: Bucket; preset: RangePreset | null };
  paying: { now: number; atStart: number; atEnd: number };
  complimentary: number;
  /** Monthly recurring revenue in minor units (yearly ÷ 12; discounts left out), per currency. */
  mrr: { currency: string; amount: number }[];
  /** The currency `mrrAtEnd` is in: the one most of today's MRR is in (other currencies are left out of the series). */
  seriesCurrency: string;
  series: {
    bucket: string;
    newPaid: number;
    cancelled: number;
    payingAtStart: number;
    churnPercent: number | null;
    /** Paying members when the bucket ends (or now, for the bucket under way). */
    payingAtEnd: number;
    /** MRR in minor units of `seriesCurrency` when the bucket ends (or now). */
    mrrAtEnd: number;
  }[];
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
export async function revenueFacts(query: RevenueQuery, now = new Date()): Promise<RevenueFacts> {
  const range = resolveRange(query, now);
  const start = cityDayStart(range.from);
  const end = cityDayStart(range.to) + DAY_MS;
  const db = await database();
  const payingAt = (t: number) =>
    sql<number>`count(*) FILTER (WHERE ${subscribers.stripeSubscriptionId} IS NOT NULL AND ${subscribers.startedAt} <= ${t} AND (${subscribers.endedAt} IS NULL OR ${subscribers.endedAt} > ${t}))`;
  // monthlyTwelfths() in SQL, so MRR when the range starts is summed by the database.
  const twelfths = sql<number>`${subscribers.amount} * (CASE ${subscribers.interval} WHEN 'day' THEN 365 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 ELSE 0 END) * 1.0 / coalesce(nullif(${subscribers.intervalCount}, 0), 1)`;
  const [[counts], mrrRows, mrrAtStartRows, moves, funnelRows, sourceRows, newsletterRows, runs] = await Promise.all([
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
      .select({ currency: sql<string>`coalesce(${subscribers.currency}, 'usd')`, amount: sql<number>`coalesce(sum(${twelfths}), 0)` })
      .from(subscribers)
      .where(and(paidRow, sql`${subscribers.startedAt} <= ${start} AND (${subscribers.endedAt} IS NULL OR ${subscribers.endedAt} > ${start})`))
      .groupBy(sql`coalesce(${subscribers.currency}, 'usd')`),
    db
      .select({
        startedAt: subscribers.startedAt,
        endedAt: subscribers.endedAt,
        currency: subscribers.currency,
        amount: subscribers.amount,
        interval: subscribers.interval,
        intervalCount: subscribers.intervalCount,
      })
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
    mrr.set(currency, (mrr.get(currency) ?? 0) + monthlyTwelfths(row.amount, row.interval, row.intervalCount));
  }
  const seriesCurrency = [...mrr].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'usd';
  const series = seriesOf(
    { start, end, now: now.getTime(), by: range.by, payingAtStart: counts?.atStart ?? 0 },
    mrrAtStartRows.find((row) => row.currency === seriesCurrency)?.amount ?? 0,
    moves.map((m) => ({
      startedAt: m.startedAt?.getTime() ?? null,
      endedAt: m.endedAt?.getTime() ?? null,
      twelfths: (m.currency ?? 'usd') === seriesCurrency ? monthlyTwelfths(m.amount, m.interval, m.intervalCount) : 0,
    })),
  );

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
    range,
    paying: { now: counts?.now ?? 0, atStart: counts?.atStart ?? 0, atEnd: counts?.atEnd ?? 0 },
    complimentary: counts?.comp ?? 0,
    mrr: [...mrr].map(([currency, twelfths]) => ({ currency, amount: Math.round(twelfths / 12) })),
    seriesCurrency,
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

interface Move {
  startedAt: number | null;
  endedAt: number | null;
  /** Its MRR in twelfths of a minor unit in the series' currency (0 for another currency). */
  twelfths: number;
}

/**
 * The buckets of a range in one pass over the subscriptions that started or ended in it: paying
 * members and MRR move by +1/−1 and ±monthly at each start and end after the range's start.
 */
function seriesOf(window: { start: number; end: number; now: number; by: Bucket; payingAtStart: number }, mrrAtStart: number, moves: Move[]): RevenueFacts['series'] {
  const { start, end, by } = window;
  const keys = bucketsBetween(start, end, by);
  const newPaid = new Map<string, number>();
  const cancelled = new Map<string, number>();
  const steps: { at: number; paying: number; mrr: number }[] = [];
  const inRange = (t: number | null): t is number => t !== null && t >= start && t < end;
  for (const move of moves) {
    if (inRange(move.startedAt)) {
      const key = bucketOf(move.startedAt, by);
      newPaid.set(key, (newPaid.get(key) ?? 0) + 1);
      if (move.startedAt > start) steps.push({ at: move.startedAt, paying: 1, mrr: move.twelfths });
    }
    if (inRange(move.endedAt)) {
      const key = bucketOf(move.endedAt, by);
      cancelled.set(key, (cancelled.get(key) ?? 0) + 1);
      if (move.endedAt > start) steps.push({ at: move.endedAt, paying: -1, mrr: -move.twelfths });
    }
  }
  steps.sort((a, b) => a.at - b.at);
  let paying = window.payingAtStart;
  let mrr = mrrAtStart;
  let next = 0;
  // Paying at an instant t counts those started at or before t and not yet ended at t.
  const advanceTo = (t: number) => {
    while (next < steps.length && steps[next]!.at <= t) {
      paying += steps[next]!.paying;
      mrr += steps[next]!.mrr;
      next++;
    }
    return paying;
  };
  return keys.map((bucket, index) => {
    const payingAtStart = advanceTo(Math.max(cityDayStart(bucket), start));
    const gone = cancelled.get(bucket) ?? 0;
    const bucketEnd = index + 1 < keys.length ? cityDayStart(keys[index + 1]!) : end;
    const payingAtEnd = advanceTo(Math.min(bucketEnd, window.now));
    return {
      bucket,
      newPaid: newPaid.get(bucket) ?? 0,
      cancelled: gone,
      payingAtStart,
      churnPercent: percent(gone, payingAtStart),
      payingAtEnd,
      mrrAtEnd: Math.round(mrr / 12),
    };
  });
}
