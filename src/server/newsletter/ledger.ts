import { and, count, eq, sql } from 'drizzle-orm';
import { newsletterDeliveries, newsletterRuns, newsletterSubscribers } from '../../../db/schema';
import { weekOf } from '../../lib/city-time';
import { database } from '../db/database';

/**
 * The newsletter's records in the database: who holds a week (the run lease), each delivery's
 * claim and outcome, and what the admin panel shows. See docs/decisions/008-newsletter-delivery.md.
 */

/** Tries per subscriber and week, across runs; a permanent refusal (5xx) ends them at once. */
export const MAX_DELIVERY_ATTEMPTS = 3;

/** Claims the week for this run: free, expired or already ours. Returns the current holder when refused. */
export async function claimRun(weekStart: Date, owner: string, now: Date, leaseMs: number): Promise<{ owner: string; until: Date } | null> {
  const db = await database();
  const until = now.getTime() + leaseMs;
  const claimed = await db.$client.execute({
    sql: `INSERT INTO newsletter_runs (week_start, lease_owner, lease_until, started_at) VALUES (?1, ?2, ?3, ?4)
          ON CONFLICT (week_start) DO UPDATE SET lease_owner = ?2, lease_until = ?3
          WHERE lease_owner IS NULL OR lease_until < ?4 OR lease_owner = ?2
          RETURNING lease_owner`,
    args: [weekStart.getTime(), owner, until, now.getTime()],
  });
  if (claimed.rows.length) return null;
  const [holder] = await db.select().from(newsletterRuns).where(eq(newsletterRuns.weekStart, weekStart));
  return { owner: holder?.leaseOwner ?? 'unknown', until: holder?.leaseUntil ?? new Date(until) };
}

export async function releaseRun(weekStart: Date, owner: string, finishedAt: Date | null): Promise<void> {
  const db = await database();
  const totals = await db
    .select({ status: newsletterDeliveries.status, n: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.weekStart, weekStart))
    .groupBy(newsletterDeliveries.status);
  const total = (status: string) => totals.find((t) => t.status === status)?.n ?? 0;
  await db
    .update(newsletterRuns)
    .set({ leaseOwner: null, leaseUntil: null, sent: total('sent'), failed: total('failed'), ...(finishedAt ? { finishedAt } : {}) })
    .where(and(eq(newsletterRuns.weekStart, weekStart), eq(newsletterRuns.leaseOwner, owner)));
}

/**
 * Records the attempt before the message goes out. The row is created, or a failed one with
 * attempts left is taken back, only while the subscriber is active; anything else (sent, in
 * flight elsewhere, in doubt, given up, unsubscribed meanwhile) returns null and is not sent.
 */
export async function claimDelivery(weekStart: Date, subscriberId: number, now: Date): Promise<{ email: string; attempts: number } | null> {
  const db = await database();
  const result = await db.$client.execute({
    sql: `INSERT INTO newsletter_deliveries (week_start, subscriber_id, email, status, attempts, claimed_until, created_at)
          SELECT ?1, id, email, 'sending', 1, ?3, ?4 FROM newsletter_subscribers WHERE id = ?2 AND is_active = 1
          ON CONFLICT (week_start, subscriber_id) DO UPDATE SET status = 'sending', attempts = attempts + 1, claimed_until = ?3
          WHERE newsletter_deliveries.status = 'failed' AND newsletter_deliveries.attempts < ?5
          RETURNING email, attempts`,
    args: [weekStart.getTime(), subscriberId, now.getTime() + 5 * 60_000, now.getTime(), MAX_DELIVERY_ATTEMPTS],
  });
  const row = result.rows[0];
  return row ? { email: String(row.email), attempts: Number(row.attempts) } : null;
}

/** Active subscribers after `afterId` with nothing settled for the week yet. */
export async function pendingSubscribers(weekStart: Date, afterId: number, limit: number): Promise<{ id: number; email: string }[]> {
  const db = await database();
  const result = await db.$client.execute({
    sql: `SELECT s.id, s.email FROM newsletter_subscribers s
          WHERE s.is_active = 1 AND s.id > ?2 AND NOT EXISTS (
            SELECT 1 FROM newsletter_deliveries d
            WHERE d.week_start = ?1 AND d.subscriber_id = s.id AND (d.status <> 'failed' OR d.attempts >= ?3))
          ORDER BY s.id LIMIT ?4`,
    args: [weekStart.getTime(), afterId, MAX_DELIVERY_ATTEMPTS, limit],
  });
  return result.rows.map((r) => ({ id: Number(r.id), email: String(r.email) }));
}

/** Whether the week's issue has been sent to the end by some run. */
export async function newsletterRunFinished(weekStart: Date): Promise<boolean> {
  const db = await database();
  const [run] = await db.select({ finishedAt: newsletterRuns.finishedAt }).from(newsletterRuns).where(eq(newsletterRuns.weekStart, weekStart));
  return Boolean(run?.finishedAt);
}

export interface NewsletterStatus {
  activeSubscribers: number;
  /** Unsubscribed, with no confirmation pending. */
  inactiveSubscribers: number;
  /** Signed up or re-subscribed, waiting for the confirmation link to be followed. */
  pendingSubscribers: number;
  weekStart: Date;
  run: { startedAt: Date; finishedAt: Date | null; sending: boolean } | null;
  deliveries: { sent: number; failed: number; inDoubt: number };
}

const subscriberState = sql<'active' | 'pending' | 'unsubscribed'>`case
  when ${newsletterSubscribers.isActive} = 1 then 'active'
  when ${newsletterSubscribers.confirmationRequestedAt} is not null then 'pending'
  else 'unsubscribed' end`;

/** Subscribers and this week's sending, for the admin panel. */
export async function newsletterStatus(now: Date = new Date()): Promise<NewsletterStatus> {
  const db = await database();
  const weekStart = weekOf(now);
  const [subscribers, [run], deliveries] = await Promise.all([
    db.select({ state: subscriberState, n: count() }).from(newsletterSubscribers).groupBy(subscriberState),
    db.select().from(newsletterRuns).where(eq(newsletterRuns.weekStart, weekStart)),
    db
      .select({ status: newsletterDeliveries.status, n: count() })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.weekStart, weekStart))
      .groupBy(newsletterDeliveries.status),
  ]);
  const delivered = (status: string) => deliveries.find((d) => d.status === status)?.n ?? 0;
  const sending = Boolean(run?.leaseOwner && run.leaseUntil && run.leaseUntil.getTime() > now.getTime());
  return {
    activeSubscribers: subscribers.find((s) => s.state === 'active')?.n ?? 0,
    inactiveSubscribers: subscribers.find((s) => s.state === 'unsubscribed')?.n ?? 0,
    pendingSubscribers: subscribers.find((s) => s.state === 'pending')?.n ?? 0,
    weekStart,
    run: run ? { startedAt: run.startedAt, finishedAt: run.finishedAt, sending } : null,
    deliveries: { sent: delivered('sent'), failed: delivered('failed'), inDoubt: sending ? 0 : delivered('sending') },
  };
}
