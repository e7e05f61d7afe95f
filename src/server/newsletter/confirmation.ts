import { config } from '../config';
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
