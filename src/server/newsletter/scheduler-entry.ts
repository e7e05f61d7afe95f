/** Loaded by scripts/serve.mjs when NEWSLETTER_SCHEDULE=on. */
import { config } from '../config';
import { smtpMailer } from '../adapters/mail';
import { newsletterSendConfig } from './config';
import { recordSend } from './desk';
import { startNewsletterScheduler, type Scheduler } from './schedule';

export function startConfiguredScheduler(): Scheduler | null {
  if (config().NEWSLETTER_SCHEDULE !== 'on') return null;
  const settings = newsletterSendConfig();
  console.log("[newsletter] scheduler on: the week's issue goes out on Thursdays at 9:00 (America/Phoenix).");
  return startNewsletterScheduler({
    mailer: () => smtpMailer(settings.smtpUrl),
    from: settings.from,
    siteUrl: settings.siteUrl,
    ratePerSecond: settings.ratePerSecond,
    onReport: (report) => recordSend(null, 'scheduled', report),
  });
}
