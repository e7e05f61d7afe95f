/**
 * `npm run newsletter:send`: sends this week's Scottsdale Weekly now to every active subscriber
 * who has not had it. Running it again sends nothing twice. Ctrl-C stops after the messages in
 * flight; the next run carries on. Exit code 0 when everyone got it; 1 on failures, bad setup or
 * a mail server or database that failed mid-run; 2 when another run is sending this week's
 * issue; 130 when interrupted.
 */
import { prepareDatabase } from '../db/prepare';
import { formatCityDate } from '../src/lib/city-time';
import { smtpHost, smtpMailer } from '../src/server/adapters/mail';
import { newsletterSendConfig } from '../src/server/newsletter/config';
import { sendNewsletter } from '../src/server/newsletter/send';
import { recordSend } from '../src/server/newsletter/desk';
import { databaseOptionsFromEnv } from './db-options';

async function main(): Promise<number> {
  const settings = newsletterSendConfig();
  await prepareDatabase(databaseOptionsFromEnv());
  const mailer = smtpMailer(settings.smtpUrl);
  const abort = new AbortController();
  const interrupt = () => {
    if (abort.signal.aborted) process.exit(130);
    console.log('\nStopping after the messages in flight (Ctrl-C again to quit at once)…');
    abort.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    await mailer.verify();
    console.log(`Sending through ${smtpHost(settings.smtpUrl)} at up to ${settings.ratePerSecond} messages a second…`);
    const report = await sendNewsletter({
      mailer,
      from: settings.from,
      siteUrl: settings.siteUrl,
      ratePerSecond: settings.ratePerSecond,
      signal: abort.signal,
      log: (line) => console.log(line),
    });
    if (report.status === 'busy') {
      console.error(
        `Another run (${report.heldBy!.owner}) is sending the week of ${formatCityDate(report.weekStart)} until at least ` +
          `${report.heldBy!.until.toISOString()}. Try again after that; nothing was sent.`,
      );
      return 2;
    }
    await recordSend(null, 'command', report).catch((error: Error) => console.error(`The send could not be written to History: ${error.message}`));
    console.log(`${report.subject}`);
    console.log(`  sent now: ${report.sent}`);
    console.log(`  already had it this week: ${report.alreadySent}`);
    if (report.inDoubt.length) {
      console.log(`  not resent, an earlier run stopped while sending to them: ${report.inDoubt.join(', ')}`);
    }
    console.log(`  failed: ${report.failed.length}`);
    for (const failure of report.failed) console.log(`    ${failure.email} (${failure.attempts} attempts): ${failure.error}`);
    if (report.status === 'stopped') {
      console.error(`Stopped early because ${report.stoppedBecause}. Nobody's attempts were used up by that; run \`npm run newsletter:send\` again once it is fixed.`);
      return 1;
    }
    if (report.status === 'interrupted') {
      console.log('Interrupted: run `npm run newsletter:send` again to send to the rest.');
      return 130;
    }
    return report.failed.length ? 1 : 0;
  } finally {
    mailer.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
