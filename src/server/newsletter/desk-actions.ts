import { weekParam } from '../../lib/calendar-week';
import { cityDateTime, weekOf } from '../../lib/city-time';
import { describeMailError, smtpMailer } from '../adapters/mail';
import type { StaffSession } from '../admin/session';
import { HttpError } from '../http/responses';
import { currentOffer } from '../subscriptions/pricing';
import { newsletterSendConfig, type NewsletterSendConfig } from './config';
import { buildDigest } from './digest';
import { cityWhen, recordSend, recordTestSend } from './desk';
import { renderNewsletter, type NewsletterMessage } from './email';
import { claimRun, newsletterRunFinished, releaseRun } from './ledger';
import { NEWSLETTER_SEND_DAY, NEWSLETTER_SEND_HOUR } from './schedule';
import { runOwner, sendNewsletter, type SendReport } from './send';
import { newsletterRuns } from '../../../db/schema';
import { database } from '../db/database';
import { eq } from 'drizzle-orm';

export const NO_STAFF_EMAIL =
  'Your staff account has no email address to send a test to. Sign in with your own staff account (the Owner can invite you by email), then try again.';
export const WRONG_WEEK = 'This page showed another week’s issue. Reload the page and check the issue before sending.';

/**
 * When an issue is rendered as subscribers get it: the week's Thursday 9:00 (Scottsdale time), or
 * now once that has passed this week, so the events still ahead are the ones listed.
 */
export function issueTime(weekStart: Date, now: Date = new Date()): Date {
  const sendTime = cityDateTime(weekStart, NEWSLETTER_SEND_DAY, `${NEWSLETTER_SEND_HOUR}:00`);
  return weekStart.getTime() === weekOf(now).getTime() && now > sendTime ? now : sendTime;
}

/** The week's issue exactly as the send renders it (digest, editor's note, the current offer). */
export async function renderIssue(at: Date, siteUrl: string, unsubscribeUrl: string): Promise<NewsletterMessage> {
  const [digest, offer] = await Promise.all([buildDigest(at), currentOffer()]);
  return renderNewsletter(digest, { siteUrl, unsubscribeUrl, now: at, offer });
}

/** What sending needs, or a 503 naming the missing settings. */
function mailSettings(): NewsletterSendConfig {
  try {
    return newsletterSendConfig();
  } catch (error) {
    throw new HttpError(503, `Mail is off. ${(error as Error).message}`);
  }
}

/**
 * Sends this week's issue to the signed-in member of staff only, marked as a test. It writes no
 * delivery record: the week's send is untouched, and a subscriber with the same address still gets it.
 */
export async function sendTestIssue(staff: StaffSession, now: Date = new Date()): Promise<{ to: string; subject: string }> {
  const settings = mailSettings();
  if (!staff.email) throw new HttpError(409, NO_STAFF_EMAIL);
  const weekStart = weekOf(now);
  // A test has no subscriber behind it: its unsubscribe link goes to the back office, as the preview's does.
  const message = await renderIssue(issueTime(weekStart, now), settings.siteUrl, new URL('/admin/newsletter', settings.siteUrl).toString());
  const subject = `[Test] ${message.subject}`;
  const mailer = smtpMailer(settings.smtpUrl, { maxConnections: 1 });
  try {
    await mailer.send({ from: settings.from, to: staff.email, subject, html: message.html, text: message.text });
  } catch (error) {
    throw new HttpError(502, `The mail server did not take the test: ${describeMailError(error)}`);
  } finally {
    mailer.close();
  }
  await recordTestSend(staff, staff.email, weekStart, subject, now);
  return { to: staff.email, subject };
}

async function refuseWhenSent(weekStart: Date): Promise<void> {
  if (!(await newsletterRunFinished(weekStart))) return;
  const db = await database();
  const [run] = await db.select({ finishedAt: newsletterRuns.finishedAt }).from(newsletterRuns).where(eq(newsletterRuns.weekStart, weekStart));
  throw new HttpError(409, `This week’s issue was already sent (finished ${cityWhen(run!.finishedAt!)}). Each reader gets it once a week.`);
}

/**
 * Send now: this week's issue through the once-a-week delivery (docs/decisions/008). The week is
 * claimed here, before the answer, so a second Send now (or the scheduler, or the command) is
 * refused while this one runs; the run itself carries on in the background under the same claim.
 */
export async function startSendNow(staff: StaffSession, week: string, now: Date = new Date()): Promise<{ week: string; startedAt: Date }> {
  const settings = mailSettings();
  const weekStart = weekOf(now);
  if (week !== weekParam(weekStart)) throw new HttpError(409, WRONG_WEEK);
  await refuseWhenSent(weekStart);
  const mailer = smtpMailer(settings.smtpUrl);
  try {
    // A wrong password or a server that is down must not start a run: say so now.
    await mailer.verify();
  } catch (error) {
    mailer.close();
    throw new HttpError(502, `The mail server could not be reached, so nothing was sent: ${describeMailError(error)}`);
  }
  const owner = runOwner();
  const leaseMs = 60_000;
  const holder = await claimRun(weekStart, owner, now, leaseMs);
  if (holder) {
    mailer.close();
    throw new HttpError(409, 'This week’s issue is being sent right now. Its counts below update as it goes.');
  }
  try {
    // A run that finished between the first check and this claim leaves nothing to send.
    await refuseWhenSent(weekStart);
  } catch (error) {
    mailer.close();
    await releaseRun(weekStart, owner, null);
    throw error;
  }
  void (async () => {
    let report: SendReport;
    try {
      report = await sendNewsletter({ mailer, owner, leaseMs, from: settings.from, siteUrl: settings.siteUrl, ratePerSecond: settings.ratePerSecond });
    } catch (error) {
      console.error(`[newsletter] Send now stopped: ${(error as Error).message}`);
      await releaseRun(weekStart, owner, null).catch(() => {});
      return;
    } finally {
      mailer.close();
    }
    await recordSend(staff, 'now', report).catch((error: Error) => console.error(`[newsletter] the send's History entry failed: ${error.message}`));
  })();
  return { week, startedAt: now };
}
