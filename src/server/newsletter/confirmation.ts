import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../db/schema';
import { config } from '../config';
import { database } from '../db/database';
import { describeMailError, smtpHost, smtpMailer } from '../adapters/mail';
import { confirmationEmail } from './confirmation-email';
import { signedLink, subscriberToken } from './signing';

/** A pending address gets at most one confirmation email in this window, however often it is posted. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

export const CONFIRMATION_MAIL_OFF = "SMTP is not configured (SMTP_URL and NEWSLETTER_FROM), so confirmation emails can't be sent";

/** The mail settings confirmations need, or null when they are missing. */
export function confirmationMailSetup(): { smtpUrl: string; from: string } | null {
  const { SMTP_URL, NEWSLETTER_FROM } = config();
  return SMTP_URL && NEWSLETTER_FROM ? { smtpUrl: SMTP_URL, from: NEWSLETTER_FROM } : null;
}

export async function confirmationUrl(siteUrl: string, subscriber: { id: number; email: string }): Promise<string> {
  return signedLink(siteUrl, 'newsletter/confirm', await subscriberToken('confirm', subscriber));
}

export type ConfirmationSend = 'sent' | 'recently-sent' | 'mail-off' | 'failed';

/**
 * Emails a pending subscriber the confirmation link. The send is claimed in the database first
 * (one statement), so concurrent or repeated sign-ups of one address send one message per
 * window. A failed send gives the claim back so the next sign-up can try again.
 */
export async function sendConfirmation(subscriber: { id: number; email: string }, siteUrl: string, now = new Date()): Promise<ConfirmationSend> {
  const setup = confirmationMailSetup();
  if (!setup) return 'mail-off';
  const db = await database();
  const claimed = await db
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriber.id),
        eq(newsletterSubscribers.isActive, false),
        or(isNull(newsletterSubscribers.confirmationSentAt), lte(newsletterSubscribers.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_RESEND_MS))),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (!claimed.length) return 'recently-sent';

  const mailer = smtpMailer(setup.smtpUrl, { maxConnections: 1 });
  try {
    await mailer.send({ from: setup.from, to: subscriber.email, ...confirmationEmail(await confirmationUrl(siteUrl, subscriber)) });
    return 'sent';
  } catch (error) {
    console.error(`[newsletter] confirmation email via ${smtpHost(setup.smtpUrl)} failed: ${describeMailError(error)}`);
    await db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: null })
      .where(and(eq(newsletterSubscribers.id, subscriber.id), eq(newsletterSubscribers.confirmationSentAt, now)));
    return 'failed';
  } finally {
    mailer.close();
  }
}
