/** Loaded by scripts/serve.mjs when NEWSLETTER_SCHEDULE=on. */
import { config } from '../config';
import { smtpMailer } from '../adapters/mail';
import { newsletterSendConfig } from './config';
import { startNewsletterScheduler, type Scheduler } from './schedule';
import { startConfirmationOutbox } from './outbox-worker';

export function startConfiguredScheduler(): Scheduler | null {
  if (config().NEWSLETTER_SCHEDULE !== 'on') return null;
  const settings = newsletterSendConfig();
  // The server starts here with the schedule on: confirmation emails left queued are sent now.
  void startConfirmationOutbox();
  console.log("[newsletter] scheduler on: the week's issue goes out on Thursdays at 9:00 (America/Phoenix).");
  return startNewsletterScheduler({
    mailer: () => smtpMailer(settings.smtpUrl),
    from: settings.from,
    siteUrl: settings.siteUrl,
    ratePerSecond: settings.ratePerSecond,
  });
}
