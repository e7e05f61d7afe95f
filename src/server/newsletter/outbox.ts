import { sql } from 'drizzle-orm';
import { database } from '../db/database';
import { CONFIRMATION_RESEND_MS } from './confirmation';

/**
 * The confirmation emails' queue in the database (table newsletter_outbox): what a sign-up writes,
 * and the claims and outcomes of the worker that sends them (outbox-worker.ts).
 * See docs/decisions/021-newsletter-outbox.md.
 */

/** Longer than one send may take (connection 15 s, greeting 15 s, socket 60 s): a claim older than this was a crashed worker's. */
export const CLAIM_MS = 2 * 60_000;

/**
 * The statement that queues a confirmation, run in the same batch as the sign-up's upsert and for
 * every address: it inserts a row only for a pending address outside the resend window that has
 * none queued yet, and nothing for an address already on the list.
 */
export function enqueueConfirmation(email: string, siteUrl: string, now: Date) {
  return sql`INSERT INTO newsletter_outbox (subscriber_id, site_url, attempts, next_attempt_at, created_at)
    SELECT id, ${siteUrl}, 0, ${now.getTime()}, ${now.getTime()} FROM newsletter_subscribers
    WHERE email = ${email} AND is_active = 0 AND confirmation_requested_at IS NOT NULL
      AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= ${now.getTime() - CONFIRMATION_RESEND_MS})
    ON CONFLICT (subscriber_id) DO NOTHING`;
}

export interface ClaimedConfirmation {
  id: number;
  subscriberId: number;
  siteUrl: string;
  attempts: number;
  email: string | null;
  /** Still waiting for the link to be followed: otherwise the row is dropped unsent. */
  pending: boolean;
}

/**
 * Claims the next due row for `owner` in one statement, so two workers (in one process or on
 * several instances) never take the same row. `everything` takes rows whatever their next attempt
 * time (the pass at start, after a restart that may have fixed the mail settings).
 */
export async function claimNextConfirmation(owner: string, now: Date, everything = false): Promise<ClaimedConfirmation | null> {
  const db = await database();
  const [row] = await db.all<{ id: number; subscriber_id: number; site_url: string; attempts: number }>(sql`
    UPDATE newsletter_outbox SET claimed_by = ${owner}, claimed_until = ${now.getTime() + CLAIM_MS}, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM newsletter_outbox
      WHERE (claimed_until IS NULL OR claimed_until < ${now.getTime()}) AND (${everything ? 1 : 0} = 1 OR next_attempt_at <= ${now.getTime()})
      ORDER BY next_attempt_at, id LIMIT 1)
    RETURNING id, subscriber_id, site_url, attempts`);
  if (!row) return null;
  const [subscriber] = await db.all<{ email: string; pending: number }>(
    sql`SELECT email, (is_active = 0 AND confirmation_requested_at IS NOT NULL) AS pending FROM newsletter_subscribers WHERE id = ${row.subscriber_id}`,
  );
  return {
    id: Number(row.id),
    subscriberId: Number(row.subscriber_id),
    siteUrl: String(row.site_url),
    attempts: Number(row.attempts),
    email: subscriber ? String(subscriber.email) : null,
    pending: Boolean(subscriber && Number(subscriber.pending)),
  };
}

/** Sent: the resend window starts now, and the row is done. */
export async function confirmationSent(claim: ClaimedConfirmation, owner: string, now: Date): Promise<void> {
  const db = await database();
  await db.batch([
    db.run(sql`UPDATE newsletter_subscribers SET confirmation_sent_at = ${now.getTime()} WHERE id = ${claim.subscriberId}`),
    db.run(sql`DELETE FROM newsletter_outbox WHERE id = ${claim.id} AND claimed_by = ${owner}`),
  ]);
}

/** Not to be sent (confirmed or withdrawn meanwhile, or refused for good). */
export async function dropConfirmation(claim: ClaimedConfirmation, owner: string): Promise<void> {
  const db = await database();
  await db.run(sql`DELETE FROM newsletter_outbox WHERE id = ${claim.id} AND claimed_by = ${owner}`);
}

/** Failed for now: back in the queue, to be tried at `retryAt`. */
export async function retryConfirmation(claim: ClaimedConfirmation, owner: string, retryAt: Date, error: string): Promise<void> {
  const db = await database();
  await db.run(
    sql`UPDATE newsletter_outbox SET claimed_by = NULL, claimed_until = NULL, next_attempt_at = ${retryAt.getTime()}, last_error = ${error}
        WHERE id = ${claim.id} AND claimed_by = ${owner}`,
  );
}
