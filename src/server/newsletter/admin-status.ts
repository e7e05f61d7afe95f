import { weekLabel } from '../../lib/calendar-week';
import { config } from '../config';
import { newsletterSendConfig } from './config';
import { CONFIRMATION_MAIL_OFF, confirmationMailSetup } from './confirmation';
import { recentSends, scheduleStatus } from './desk';
import { issueNote } from './issue-note';
import { newsletterStatus } from './ledger';

/**
 * What the back office's Newsletter page shows (GET /api/admin/newsletter): subscribers (active,
 * pending, unsubscribed), this week's sending, its editor's note, the Thursday schedule, the last
 * sends with their counts, and the setup.
 */
export async function newsletterPanelStatus(now: Date = new Date()) {
  let setupProblem: string | null = null;
  try {
    newsletterSendConfig();
  } catch (error) {
    setupProblem = (error as Error).message;
  }
  const [status, note, scheduled, sends] = await Promise.all([newsletterStatus(now), issueNote(now), scheduleStatus(now), recentSends(now)]);
  const confirmationWarning =
    status.pendingSubscribers > 0 && !confirmationMailSetup() ? `${status.pendingSubscribers} pending confirmation — ${CONFIRMATION_MAIL_OFF}.` : null;
  return {
    ...status,
    confirmationWarning,
    weekLabel: weekLabel(status.weekStart),
    week: note.week,
    schedule: config().NEWSLETTER_SCHEDULE,
    scheduleStatus: scheduled,
    note,
    recentSends: sends,
    setupProblem,
  };
}
