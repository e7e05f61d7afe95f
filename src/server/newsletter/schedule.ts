import { inCity, weekOf } from '../../lib/city-time';
import { releaseIfUnavailable } from '../db/database';
import type { Mailer } from '../adapters/mail';
import { newsletterRunFinished } from './ledger';
import { sendNewsletter, type SendOptions, type SendReport } from './send';

/** Thursday, 9:00 on the city's clock. */
export const NEWSLETTER_SEND_DAY = 4;
export const NEWSLETTER_SEND_HOUR = 9;

/**
 * Whether the week's issue is due: from Thursday 9:00 (city time) to the end of Saturday, so a
 * server that was down on Thursday morning still sends it once it is back that week.
 */
export function newsletterDue(now: Date): boolean {
  const city = inCity(now);
  const day = city.getDay();
  return (day === NEWSLETTER_SEND_DAY && city.getHours() >= NEWSLETTER_SEND_HOUR) || day > NEWSLETTER_SEND_DAY;
}

export interface Scheduler {
  /** Runs one check now (the timer calls this every interval). */
  tick(): Promise<SendReport | null>;
  stop(): Promise<void>;
}

/**
 * Checks every minute whether this week's issue is due and not yet finished, and sends it.
 * Several instances may run this: the week's lease lets one send, and per-subscriber delivery
 * records keep every address at one copy whatever happens.
 */
export function startNewsletterScheduler(
  options: Omit<SendOptions, 'mailer'> & {
    mailer: () => Mailer;
    intervalMs?: number;
    /** Told of every run that sent or tried to (not of a week another run held): History keeps it. */
    onReport?: (report: SendReport) => Promise<void>;
  },
): Scheduler {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(`[newsletter] ${line}`));
  let running: Promise<SendReport | null> | null = null;
  let stopped = false;
  const abort = new AbortController();

  async function check(): Promise<SendReport | null> {
    const at = now();
    if (!newsletterDue(at) || (await newsletterRunFinished(weekOf(at)))) return null;
    const mailer = options.mailer();
    try {
      // A wrong password or a server that is down must not cost any reader an attempt: check first,
      // and try again at the next check.
      await mailer.verify();
      const report = await sendNewsletter({ ...options, mailer, now, log, signal: abort.signal });
      if (report.status === 'busy') return report;
      log(
        `${report.subject}: ${report.sent} sent, ${report.alreadySent} already had it, ${report.failed.length} failed` +
          (report.inDoubt.length ? `, ${report.inDoubt.length} in doubt after an interrupted run` : '') +
          (report.stoppedBecause ? `; stopped because ${report.stoppedBecause}, will carry on at the next check` : ''),
      );
      for (const failure of report.failed) log(`  failed: ${failure.email} after ${failure.attempts} attempts: ${failure.error}`);
      await options.onReport?.(report).catch((error: Error) => log(`the send's History entry failed: ${error.message}`));
      return report;
    } finally {
      mailer.close();
    }
  }

  const tick = () => {
    if (stopped) return Promise.resolve(null);
    running ??= check()
      .catch((error: Error) => {
        log(`send failed: ${error.message}`);
        releaseIfUnavailable(error);
        return null;
      })
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 60_000);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
