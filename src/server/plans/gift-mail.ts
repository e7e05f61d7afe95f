import { config } from '../config';
import { describeMailError, smtpMailer } from '../adapters/mail';
import { escapeHtml } from '../newsletter/email';
import { SITE_NAME } from '../../lib/constants';
import type { GiftRow } from './gifts';

const monthsWords = (months: number) => `${months} month${months === 1 ? '' : 's'}`;

/**
 * Mails the recipient their redeem link and the buyer a copy to forward, when SMTP_URL and
 * NEWSLETTER_FROM are set (like staff invites). Answers how many went out; a failure is logged and
 * the buyer still sees the link on the page Stripe returns them to.
 */
export async function mailGift(gift: GiftRow, link: string): Promise<number> {
  const { SMTP_URL, NEWSLETTER_FROM } = config();
  if (!SMTP_URL || !NEWSLETTER_FROM) return 0;
  const length = monthsWords(gift.months);
  const messages = [
    {
      to: gift.recipientEmail,
      subject: `A gift for you: ${length} of the ${SITE_NAME}`,
      lead: `${gift.buyerEmail} gave you ${length} of membership of the ${SITE_NAME}: every spot, trail and hidden gem, unlocked.`,
    },
    {
      to: gift.buyerEmail,
      subject: `Your gift of ${length} for ${gift.recipientEmail}`,
      lead: `Thank you for your gift of ${length} to ${gift.recipientEmail}. We emailed them this link; here is a copy to forward in case it went astray.`,
    },
  ];
  const mailer = smtpMailer(SMTP_URL, { maxConnections: 1 });
  let sent = 0;
  try {
    for (const message of messages) {
      const text = `${message.lead}\n\nRedeem the gift here (no card needed; the link works once):\n${link}\n`;
      const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#2b2118">
<p>${escapeHtml(message.lead)}</p>
<p><a href="${escapeHtml(link)}">Redeem the gift</a></p>
<p style="color:#6b5d50">No card needed. The link works once.</p></body></html>`;
      try {
        await mailer.send({ from: NEWSLETTER_FROM, to: message.to, subject: message.subject, html, text });
        sent++;
      } catch (error) {
        console.error(`Gift ${gift.id} was not emailed to ${message.to}: ${describeMailError(error)}`);
      }
    }
  } finally {
    mailer.close();
  }
  return sent;
}
