import { config } from '../config';

export interface NewsletterSendConfig {
  smtpUrl: string;
  from: string;
  siteUrl: string;
  ratePerSecond: number;
}

/** What sending needs, or one error naming every missing variable. */
export function newsletterSendConfig(): NewsletterSendConfig {
  const { SMTP_URL, NEWSLETTER_FROM, SITE_URL, NEWSLETTER_RATE_PER_SECOND } = config();
  const missing = [
    SMTP_URL ? null : 'SMTP_URL (the outgoing mail server)',
    NEWSLETTER_FROM ? null : 'NEWSLETTER_FROM (the From address)',
    SITE_URL ? null : "SITE_URL (the site's public address, for the links in the email)",
  ].filter(Boolean);
  if (missing.length) throw new Error(`The newsletter cannot be sent until these are set: ${missing.join('; ')}.`);
  return { smtpUrl: SMTP_URL!, from: NEWSLETTER_FROM!, siteUrl: SITE_URL!, ratePerSecond: NEWSLETTER_RATE_PER_SECOND };
}
