import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray } from 'drizzle-orm';
import { newsletterDeliveries } from '../../../db/schema';
import { weekOf } from '../../lib/city-time';
import { database, releaseIfUnavailable, withDatabase } from '../db/database';
import { classifyMailError, describeMailError, type Mailer } from '../adapters/mail';
import { buildDigest } from './digest';
import { claimDelivery, claimRun, MAX_DELIVERY_ATTEMPTS, pendingSubscribers, releaseRun } from './ledger';
import { NEWSLETTER_NAME } from '../../lib/constants';
import { renderNewsletter } from './email';
import { currentOffer } from '../subscriptions/pricing';
import { unsubscribeToken, unsubscribeUrls } from './unsubscribe';

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
  /** The run's name in the week's lease; one already holding the lease under it carries on. */
  owner?: string;
}

export interface SendReport {
  /**
   * finished: everyone was tried; interrupted: stopped on request (Ctrl-C, shutdown); stopped: the
   * SMTP server or the database failed mid-run (see `stoppedBecause`); busy: another run holds the week.
   */
  status: 'finished' | 'interrupted' | 'stopped' | 'busy';
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
  /** When stopped: what failed. Nobody's attempts were used up by it; the next run carries on. */
  stoppedBecause?: string;
}

/** A name for one run in the week's lease: this machine, this process and a random part. */
export function runOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

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
  const owner = options.owner ?? runOwner();

  const digest = await buildDigest(started);
  const offer = await currentOffer();
  const { subject } = renderNewsletter(digest, { siteUrl: options.siteUrl, unsubscribeUrl: options.siteUrl, now: started, offer });
  const report: SendReport = { status: 'finished', weekStart, subject, sent: 0, alreadySent: 0, failed: [], inDoubt: [] };

  const holder = await claimRun(weekStart, owner, started, leaseMs);
  if (holder) return { ...report, status: 'busy', heldBy: holder };

  const db = await database();
  const rowOf = (subscriberId: number) => and(eq(newsletterDeliveries.weekStart, weekStart), eq(newsletterDeliveries.subscriberId, subscriberId));
  const before = await db
    .select({ id: newsletterDeliveries.id, email: newsletterDeliveries.email, status: newsletterDeliveries.status, claimedUntil: newsletterDeliveries.claimedUntil })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.weekStart, weekStart));
  report.alreadySent = before.filter((d) => d.status === 'sent').length;
  // This run holds the week, so a row still 'sending' was left by a run that stopped mid-message.
  // Each is reported once (its claim is cleared then) and never sent again.
  const inDoubt = before.filter((d) => d.status === 'sending' && d.claimedUntil !== null);
  report.inDoubt = inDoubt.map((d) => d.email);
  if (inDoubt.length)
    await db
      .update(newsletterDeliveries)
      .set({ claimedUntil: null })
      .where(
        inArray(
          newsletterDeliveries.id,
          inDoubt.map((d) => d.id),
        ),
      );

  // The lease is renewed while the run works, so a slow SMTP server never lets a second run in.
  const lease: { lost: { owner: string; until: Date } | null; renewing: Promise<unknown> } = { lost: null, renewing: Promise.resolve() };
  const heartbeat = setInterval(
    () => {
      lease.renewing = claimRun(weekStart, owner, now(), leaseMs)
        .then((holder) => (lease.lost ??= holder))
        .catch((error: Error) => log(`  lease renewal failed: ${error.message}`));
    },
    Math.max(50, leaseMs / 3),
  );
  heartbeat.unref();

  /** Why the run must stop early (the SMTP server or the database failed); workers check it between messages. */
  let stopReason: string | null = null;
  const mustStop = () => Boolean(stopReason || lease.lost || options.signal?.aborted);
  const pace = pacer(options.ratePerSecond);
  const listId = { url: `weekly.${new URL(options.siteUrl).hostname}`, comment: NEWSLETTER_NAME };

  /**
   * The server accepted the message: write that down, trying a few times on a fresh connection (a
   * busy one may be stuck in its failed transaction); if it still fails the row stays 'sending'
   * (in doubt) and is never sent again.
   */
  async function recordSent(subscriber: { id: number; email: string }, messageId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await withDatabase((db) =>
          db.update(newsletterDeliveries).set({ status: 'sent', messageId, sentAt: now(), lastError: null, claimedUntil: null }).where(rowOf(subscriber.id)),
        );
        return;
      } catch (error) {
        if (attempt >= 3) {
          stopReason ??= `the database failed while recording a delivery: ${(error as Error).message}`;
          log(`  ! ${subscriber.email} got the issue but it could not be recorded; it will not be sent again`);
          return;
        }
        await sleep(250 * attempt);
      }
    }
  }

  async function deliver(subscriber: { id: number; email: string }): Promise<void> {
    const token = await unsubscribeToken(subscriber);
    const links = unsubscribeUrls(options.siteUrl, token);
    const message = renderNewsletter(digest, { siteUrl: options.siteUrl, unsubscribeUrl: links.page, now: started, offer });
    for (;;) {
      if (stopReason || lease.lost) return;
      const claim = await claimDelivery(weekStart, subscriber.id, now());
      if (!claim) return;
      await pace();
      let messageId: string;
      try {
        ({ messageId } = await options.mailer.send({
          from: options.from,
          to: claim.email,
          subject: message.subject,
          html: message.html,
          text: message.text,
          list: { id: listId, unsubscribeUrl: links.oneClick },
        }));
      } catch (error) {
        const kind = classifyMailError(error);
        const reason = describeMailError(error);
        if (kind === 'server') {
          // Not this reader's doing: the attempt is given back and the whole run stops.
          await (
            await database()
          )
            .update(newsletterDeliveries)
            .set({ status: 'failed', lastError: reason, attempts: claim.attempts - 1, claimedUntil: null })
            .where(rowOf(subscriber.id));
          stopReason ??= `the SMTP server failed: ${reason}`;
          return;
        }
        const attempts = kind === 'recipient-permanent' ? MAX_DELIVERY_ATTEMPTS : claim.attempts;
        await (await database()).update(newsletterDeliveries).set({ status: 'failed', lastError: reason, attempts, claimedUntil: null }).where(rowOf(subscriber.id));
        if (attempts >= MAX_DELIVERY_ATTEMPTS) {
          report.failed.push({ email: claim.email, attempts: claim.attempts, error: reason });
          log(`  ✗ ${claim.email}: ${reason}${kind === 'recipient-temporary' ? ` (gave up after ${attempts} attempts)` : ''}`);
          return;
        }
        if (mustStop()) {
          log(`  … ${claim.email}: ${reason}; left for the next run`);
          return;
        }
        log(`  … ${claim.email}: ${reason}; retrying (attempt ${attempts + 1} of ${MAX_DELIVERY_ATTEMPTS})`);
        await sleep(retryDelayMs * attempts);
        continue;
      }
      report.sent += 1;
      await recordSent(subscriber, messageId);
      return;
    }
  }

  let finishedAt: Date | null = null;
  try {
    let afterId = 0;
    while (!mustStop()) {
      const batch = await pendingSubscribers(weekStart, afterId, batchSize);
      if (!batch.length) break;
      afterId = batch.at(-1)!.id;
      const queue = [...batch];
      // Every worker ends before the run is released: one failing stops the others between messages.
      const workers = await Promise.allSettled(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let next = queue.shift(); next && !mustStop(); next = queue.shift()) {
            try {
              await deliver(next);
            } catch (error) {
              stopReason ??= `the database failed: ${(error as Error).message}`;
              releaseIfUnavailable(error);
              throw error;
            }
          }
        }),
      );
      log(`  ${report.sent} sent so far`);
      const failure = workers.find((w): w is PromiseRejectedResult => w.status === 'rejected');
      if (failure) throw failure.reason;
      if (lease.lost) throw new Error(`Lost this week's send lease to ${lease.lost.owner}; stopped so nothing is sent twice.`);
    }
    if (stopReason) report.status = 'stopped';
    else if (options.signal?.aborted) report.status = 'interrupted';
    if (stopReason) report.stoppedBecause = stopReason;
    if (report.status === 'finished') finishedAt = now();
  } finally {
    clearInterval(heartbeat);
    await lease.renewing;
    try {
      await releaseRun(weekStart, owner, finishedAt);
    } catch (error) {
      releaseIfUnavailable(error);
      log(`  could not release this week's lease (${(error as Error).message}); it frees itself within ${Math.round(leaseMs / 1000)} s`);
    }
  }
  return report;
}
