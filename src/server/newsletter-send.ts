import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import { newsletterDeliveries, newsletterRuns, newsletterSubscribers } from '../../db/schema';
import { weekOf } from '../lib/city-time';
import { database } from './db';
import { describeMailError, isTemporaryMailError, type Mailer } from './mail';
import { buildDigest } from './newsletter-digest';
import { NEWSLETTER_NAME, renderNewsletter } from './newsletter-email';
import { unsubscribeToken, unsubscribeUrls } from './newsletter-unsubscribe';

/** Tries per subscriber and week, across runs; a permanent refusal (5xx) ends them at once. */
export const MAX_DELIVERY_ATTEMPTS = 3;

export interface SendOptions {
  mailer: Mailer;
  from: string;
  siteUrl: string;
  /** Upper bound on messages handed to SMTP per second. */
  ratePerSecond: number;
  now?: () => Date;
  /** Messages in flight at once. */
  concurrency?: number;
  /** Subscribers read and sent per batch; the run's lease is renewed between batches. */
  batchSize?: number;
  /** Wait before retrying a temporary failure, multiplied by the attempt number. */
  retryDelayMs?: number;
  /** How long a run's claim on the week lasts without renewal (a crashed run frees it after this). */
  leaseMs?: number;
  /** Stops after the messages in flight (Ctrl-C, SIGTERM); the run can be started again. */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface SendReport {
  status: 'finished' | 'interrupted' | 'busy';
  weekStart: Date;
  subject: string;
  /** Delivered by this run. */
  sent: number;
  /** Already delivered this week before this run. */
  alreadySent: number;
  /** Gave up on (permanent refusal or attempts used up), with the last error. */
  failed: { email: string; attempts: number; error: string }[];
  /** A run stopped mid-message for these addresses: they may have it, so they are not sent again. */
  inDoubt: string[];
  /** When busy: which process holds the week and until when. */
  heldBy?: { owner: string; until: Date };
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Claims the week for this run: free, expired or already ours. Returns the current holder when refused. */
async function claimRun(weekStart: Date, owner: string, now: Date, leaseMs: number): Promise<{ owner: string; until: Date } | null> {
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

async function releaseRun(weekStart: Date, owner: string, finishedAt: Date | null): Promise<void> {
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
async function claimDelivery(weekStart: Date, subscriberId: number, now: Date): Promise<{ email: string; attempts: number } | null> {
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
async function pendingSubscribers(weekStart: Date, afterId: number, limit: number): Promise<{ id: number; email: string }[]> {
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

/** Hands out send slots at most `ratePerSecond` apart, shared by every worker. */
function pacer(ratePerSecond: number) {
  const interval = 1000 / ratePerSecond;
  let next = 0;
  return async () => {
    const slot = Math.max(next, Date.now());
    next = slot + interval;
    if (slot > Date.now()) await sleep(slot - Date.now());
  };
}

/**
 * Sends the issue of the week that contains `now` to every active subscriber who has not had it.
 * Safe to run again at any time and from several processes at once: each address gets at most one
 * copy a week.
 */
export async function sendNewsletter(options: SendOptions): Promise<SendReport> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const batchSize = Math.max(concurrency, options.batchSize ?? 50);
  const leaseMs = options.leaseMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const started = now();
  const weekStart = weekOf(started);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  const digest = await buildDigest(started);
  const { subject } = renderNewsletter(digest, { siteUrl: options.siteUrl, unsubscribeUrl: options.siteUrl, now: started });
  const report: SendReport = { status: 'finished', weekStart, subject, sent: 0, alreadySent: 0, failed: [], inDoubt: [] };

  const holder = await claimRun(weekStart, owner, started, leaseMs);
  if (holder) return { ...report, status: 'busy', heldBy: holder };

  const db = await database();
  const before = await db
    .select({ email: newsletterDeliveries.email, status: newsletterDeliveries.status, claimedUntil: newsletterDeliveries.claimedUntil })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.weekStart, weekStart));
  report.alreadySent = before.filter((d) => d.status === 'sent').length;
  // This run holds the week, so a row still 'sending' was left by a run that stopped mid-message.
  report.inDoubt = before.filter((d) => d.status === 'sending').map((d) => d.email);

  // The lease is renewed while the run works, so a slow SMTP server never lets a second run in.
  const lease: { lost: { owner: string; until: Date } | null } = { lost: null };
  const heartbeat = setInterval(() => {
    claimRun(weekStart, owner, now(), leaseMs)
      .then((holder) => (lease.lost ??= holder))
      .catch((error: Error) => log(`  lease renewal failed: ${error.message}`));
  }, Math.max(50, leaseMs / 3));
  heartbeat.unref();

  const pace = pacer(options.ratePerSecond);
  const listId = { url: `weekly.${new URL(options.siteUrl).hostname}`, comment: NEWSLETTER_NAME };

  async function deliver(subscriber: { id: number; email: string }): Promise<void> {
    const token = await unsubscribeToken(subscriber);
    const links = unsubscribeUrls(options.siteUrl, token);
    const message = renderNewsletter(digest, { siteUrl: options.siteUrl, unsubscribeUrl: links.page, now: started });
    for (;;) {
      if (lease.lost) return;
      const claim = await claimDelivery(weekStart, subscriber.id, now());
      if (!claim) return;
      await pace();
      try {
        const { messageId } = await options.mailer.send({
          from: options.from,
          to: claim.email,
          subject: message.subject,
          html: message.html,
          text: message.text,
          list: { id: listId, unsubscribeUrl: links.oneClick },
        });
        await db
          .update(newsletterDeliveries)
          .set({ status: 'sent', messageId, sentAt: now(), lastError: null, claimedUntil: null })
          .where(and(eq(newsletterDeliveries.weekStart, weekStart), eq(newsletterDeliveries.subscriberId, subscriber.id)));
        report.sent += 1;
        return;
      } catch (error) {
        const temporary = isTemporaryMailError(error);
        const reason = describeMailError(error);
        const attempts = temporary ? claim.attempts : MAX_DELIVERY_ATTEMPTS;
        await db
          .update(newsletterDeliveries)
          .set({ status: 'failed', lastError: reason, attempts, claimedUntil: null })
          .where(and(eq(newsletterDeliveries.weekStart, weekStart), eq(newsletterDeliveries.subscriberId, subscriber.id)));
        if (attempts >= MAX_DELIVERY_ATTEMPTS) {
          report.failed.push({ email: claim.email, attempts: claim.attempts, error: reason });
          log(`  ✗ ${claim.email}: ${reason}${temporary ? ` (gave up after ${attempts} attempts)` : ''}`);
          return;
        }
        if (options.signal?.aborted || lease.lost) {
          log(`  … ${claim.email}: ${reason}; left for the next run`);
          return;
        }
        log(`  … ${claim.email}: ${reason}; retrying (attempt ${attempts + 1} of ${MAX_DELIVERY_ATTEMPTS})`);
        await sleep(retryDelayMs * attempts);
      }
    }
  }

  try {
    let afterId = 0;
    for (;;) {
      if (options.signal?.aborted) {
        report.status = 'interrupted';
        break;
      }
      const batch = await pendingSubscribers(weekStart, afterId, batchSize);
      if (!batch.length) break;
      afterId = batch.at(-1)!.id;
      const queue = [...batch];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let next = queue.shift(); next; next = options.signal?.aborted ? undefined : queue.shift()) await deliver(next);
        }),
      );
      log(`  ${report.sent} sent so far`);
      if (lease.lost) throw new Error(`Lost this week's send lease to ${lease.lost.owner}; stopped so nothing is sent twice.`);
    }
  } finally {
    clearInterval(heartbeat);
    await releaseRun(weekStart, owner, report.status === 'finished' ? now() : null);
  }
  return report;
}

/** Whether the week's issue has been sent to the end by some run. */
export async function newsletterRunFinished(weekStart: Date): Promise<boolean> {
  const db = await database();
  const [run] = await db.select({ finishedAt: newsletterRuns.finishedAt }).from(newsletterRuns).where(eq(newsletterRuns.weekStart, weekStart));
  return Boolean(run?.finishedAt);
}

export interface NewsletterStatus {
  activeSubscribers: number;
  inactiveSubscribers: number;
  weekStart: Date;
  run: { startedAt: Date; finishedAt: Date | null; sending: boolean } | null;
  deliveries: { sent: number; failed: number; inDoubt: number };
}

/** Subscribers and this week's sending, for the admin panel. */
export async function newsletterStatus(now: Date = new Date()): Promise<NewsletterStatus> {
  const db = await database();
  const weekStart = weekOf(now);
  const [subscribers, [run], deliveries] = await Promise.all([
    db.select({ isActive: newsletterSubscribers.isActive, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.isActive),
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
    activeSubscribers: subscribers.find((s) => s.isActive)?.n ?? 0,
    inactiveSubscribers: subscribers.find((s) => !s.isActive)?.n ?? 0,
    weekStart,
    run: run ? { startedAt: run.startedAt, finishedAt: run.finishedAt, sending } : null,
    deliveries: { sent: delivered('sent'), failed: delivered('failed'), inDoubt: sending ? 0 : delivered('sending') },
  };
}
