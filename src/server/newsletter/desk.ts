import { count, desc, inArray, sql } from 'drizzle-orm';
import { newsletterDeliveries, newsletterRuns } from '../../../db/schema';
import { shiftWeek, weekLabel, weekParam } from '../../lib/calendar-week';
import { cityDateTime, formatCityDay, formatCityTime, weekOf } from '../../lib/city-time';
import { config } from '../config';
import { database } from '../db/database';
import { historyEntry, type Actor } from '../admin/history';
import { MAX_DELIVERY_ATTEMPTS, newsletterRunFinished } from './ledger';
import { NEWSLETTER_SEND_DAY, NEWSLETTER_SEND_HOUR, newsletterDue } from './schedule';
import type { SendReport } from './send';

/** How a send was started, as History names it. */
export type SendKind = 'test' | 'now' | 'scheduled' | 'command';
const SEND_KIND_LABELS: Record<SendKind, string> = {
  test: 'test sent',
  now: 'sent now',
  scheduled: 'sent on schedule',
  command: 'sent from the command line',
};

/** "Thu, Dec 3 · 9:00 AM" in Scottsdale time. */
export const cityWhen = (at: Date) => `${formatCityDay(at)} · ${formatCityTime(at)}`;

export interface ScheduleStatus {
  on: boolean;
  /** The variable that turns the Thursday scheduler on. */
  variable: 'NEWSLETTER_SCHEDULE';
  /** When the scheduler next sends (or would, were it on); `due` when it is this week's window and the issue has not gone out. */
  nextSendAt: Date;
  nextSendLabel: string;
  due: boolean;
}

/** Thursday 9:00 of this week while it is ahead and unsent; now while the week's window is open and unsent; else next week's. */
export async function scheduleStatus(now: Date = new Date()): Promise<ScheduleStatus> {
  const week = weekOf(now);
  const thisThursday = cityDateTime(week, NEWSLETTER_SEND_DAY, `${NEWSLETTER_SEND_HOUR}:00`);
  const finished = await newsletterRunFinished(week);
  const due = newsletterDue(now) && !finished;
  const nextThursday = cityDateTime(shiftWeek(week, 1), NEWSLETTER_SEND_DAY, `${NEWSLETTER_SEND_HOUR}:00`);
  // A week already sent (by Send now, say) is skipped by the scheduler: its next send is next week's.
  const nextSendAt = finished ? nextThursday : now < thisThursday ? thisThursday : due ? now : nextThursday;
  const on = config().NEWSLETTER_SCHEDULE === 'on';
  return {
    on,
    variable: 'NEWSLETTER_SCHEDULE',
    nextSendAt,
    nextSendLabel: due
      ? on
        ? 'Due now: the scheduler sends it within a minute'
        : 'Due now, but the scheduler is off: use Send now'
      : `${cityWhen(nextSendAt)} (Scottsdale time)${on ? '' : ', once the scheduler is on'}`,
    due,
  };
}

export interface SendCounts {
  sent: number;
  /** Given up on, or waiting for a retry. */
  failed: number;
  /** Left mid-message by a run that stopped: never sent again. */
  inDoubt: number;
  /** This week only: active subscribers still to get it. Earlier weeks are over (null). */
  pending: number | null;
}

export interface RecentSend {
  week: string;
  weekLabel: string;
  startedAt: Date;
  finishedAt: Date | null;
  sending: boolean;
  counts: SendCounts;
}

/** The last weeks' sends, newest first, with their counts from the delivery records. */
export async function recentSends(now: Date = new Date(), limit = 6): Promise<RecentSend[]> {
  const db = await database();
  const runs = await db.select().from(newsletterRuns).orderBy(desc(newsletterRuns.weekStart)).limit(limit);
  if (!runs.length) return [];
  const weeks = runs.map((r) => r.weekStart);
  const currentWeek = weekOf(now).getTime();
  const [totals, pending] = await Promise.all([
    db
      .select({ weekStart: newsletterDeliveries.weekStart, status: newsletterDeliveries.status, n: count() })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.weekStart, weeks))
      .groupBy(newsletterDeliveries.weekStart, newsletterDeliveries.status),
    pendingThisWeek(weekOf(now)),
  ]);
  return runs.map((run) => {
    const of = (status: string) => totals.find((t) => t.weekStart.getTime() === run.weekStart.getTime() && t.status === status)?.n ?? 0;
    const sending = Boolean(run.leaseOwner && run.leaseUntil && run.leaseUntil.getTime() > now.getTime());
    return {
      week: weekParam(run.weekStart),
      weekLabel: weekLabel(run.weekStart),
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      sending,
      counts: {
        sent: of('sent'),
        failed: of('failed'),
        inDoubt: sending ? 0 : of('sending'),
        pending: run.weekStart.getTime() === currentWeek ? pending : null,
      },
    };
  });
}

/** Active subscribers with nothing settled for the week: no delivery yet, or a failed one with attempts left. */
async function pendingThisWeek(weekStart: Date): Promise<number> {
  const db = await database();
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM newsletter_subscribers s
    WHERE s.is_active = 1 AND NOT EXISTS (
      SELECT 1 FROM newsletter_deliveries d
      WHERE d.week_start = ${weekStart.getTime()} AND d.subscriber_id = s.id AND (d.status <> 'failed' OR d.attempts >= ${MAX_DELIVERY_ATTEMPTS}))`);
  return Number(row?.n ?? 0);
}

/** The week's counts as History keeps them with a send. */
export async function weekCounts(weekStart: Date, now: Date = new Date()): Promise<SendCounts> {
  const [send] = (await recentSends(now, 60)).filter((s) => s.week === weekParam(weekStart));
  return send?.counts ?? { sent: 0, failed: 0, inDoubt: 0, pending: await pendingThisWeek(weekStart) };
}

/**
 * Writes a send to History: who started it (none for the scheduler), how, what this run did and the
 * week's totals from the database once it ended.
 */
export async function recordSend(actor: Actor, kind: Exclude<SendKind, 'test'>, report: SendReport, now: Date = new Date()): Promise<void> {
  const db = await database();
  const counts = await weekCounts(report.weekStart, now);
  const event = report.status === 'finished' ? SEND_KIND_LABELS[kind] : report.status === 'busy' ? 'send refused: already sending' : `send ${report.status}`;
  await historyEntry(
    db,
    actor,
    {
      kind: 'newsletter',
      subjectId: weekParam(report.weekStart),
      subjectLabel: `Issue of ${weekLabel(report.weekStart)}`,
      event,
      after: {
        how: kind,
        subject: report.subject,
        status: report.status,
        sentByThisRun: report.sent,
        failedByThisRun: report.failed.length,
        ...counts,
        ...(report.stoppedBecause ? { stoppedBecause: report.stoppedBecause } : {}),
      },
    },
    now,
  );
}

/** A test send in History: to whom, which issue. */
export async function recordTestSend(actor: NonNullable<Actor>, to: string, weekStart: Date, subject: string, now: Date = new Date()): Promise<void> {
  const db = await database();
  await historyEntry(
    db,
    actor,
    {
      kind: 'newsletter',
      subjectId: weekParam(weekStart),
      subjectLabel: `Issue of ${weekLabel(weekStart)}`,
      event: SEND_KIND_LABELS.test,
      after: { how: 'test', to, subject },
    },
    now,
  );
}
