import { and, asc, eq } from 'drizzle-orm';
import { readerCorrections, spots } from '../../../db/schema';
import { SITE_NAME } from '../../lib/constants';
import { describeMailError, smtpMailer } from '../adapters/mail';
import { config } from '../config';
import { database } from '../db/database';
import { escapeHtml } from '../newsletter/email';

/** The thank-you a reader gets when their correction is accepted. */
export function thanksEmail(spotName: string, pageUrl: string) {
  const subject = `Thanks for your correction to ${spotName}`;
  const text = `Thanks for telling us about ${spotName}. An editor checked your correction and the page now shows it:\n${pageUrl}\n\n${SITE_NAME}\n`;
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#2b2118">
<p>Thanks for telling us about ${escapeHtml(spotName)}. An editor checked your correction and the page now shows it.</p>
<p><a href="${escapeHtml(pageUrl)}">See ${escapeHtml(spotName)}</a></p>
<p style="color:#6b5d50">${escapeHtml(SITE_NAME)}</p></body></html>`;
  return { subject, text, html };
}

/**
 * Sends the thank-you of an accepted correction, queued by the accept's own batch. The row is
 * claimed (queued → sent) before the send, so two calls never mail twice; a failed send is
 * recorded as failed. Without SMTP_URL and NEWSLETTER_FROM it stays queued, for when mail is set up.
 */
export async function thankReader(id: number, to: string, spotName: string, pageUrl: string): Promise<'queued' | 'sent' | 'failed'> {
  const { SMTP_URL, NEWSLETTER_FROM } = config();
  if (!SMTP_URL || !NEWSLETTER_FROM) return 'queued';
  const db = await database();
  const claimed = await db
    .update(readerCorrections)
    .set({ thanks: 'sent' })
    .where(and(eq(readerCorrections.id, id), eq(readerCorrections.thanks, 'queued')))
    .returning({ id: readerCorrections.id });
  if (!claimed.length) return 'sent';
  const mailer = smtpMailer(SMTP_URL, { maxConnections: 1 });
  try {
    await mailer.send({ from: NEWSLETTER_FROM, to, ...thanksEmail(spotName, pageUrl) });
    return 'sent';
  } catch (error) {
    console.error(`The thank-you for correction ${id} was not emailed: ${describeMailError(error)}`);
    await db.update(readerCorrections).set({ thanks: 'failed' }).where(eq(readerCorrections.id, id));
    return 'failed';
  } finally {
    mailer.close();
  }
}

/**
 * Sends the thank-yous still queued (accepted while mail was not set up), oldest first, a few at a
 * time. Run after an accept has been answered, so a backlog never slows the editor down.
 */
export async function sendQueuedThanks(origin: string, limit = 20): Promise<void> {
  const { SMTP_URL, NEWSLETTER_FROM } = config();
  if (!SMTP_URL || !NEWSLETTER_FROM) return;
  const db = await database();
  const queued = await db
    .select({ id: readerCorrections.id, email: readerCorrections.email, name: spots.name, slug: spots.slug })
    .from(readerCorrections)
    .innerJoin(spots, eq(spots.id, readerCorrections.spotId))
    .where(eq(readerCorrections.thanks, 'queued'))
    .orderBy(asc(readerCorrections.decidedAt), asc(readerCorrections.id))
    .limit(limit);
  for (const row of queued) {
    if (row.email) await thankReader(row.id, row.email, row.name, new URL(`/spots/${row.slug}`, origin).href);
  }
}
