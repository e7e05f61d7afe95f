import { weekLabel } from '../../lib/calendar-week';
import { config } from '../config';
import { newsletterSendConfig } from './config';
import { CONFIRMATION_MAIL_OFF, confirmationMailSetup } from './confirmation';
import { newsletterStatus } from './ledger';

/**
 * What the admin panel's Newsletter area shows (GET /api/admin/newsletter): subscribers (active,
 * pending, unsubscribed), this week's sending and the setup.
 */
export async function newsletterPanelStatus() {
  let setupProblem: string | null = null;
  try {
    newsletterSendConfig();
  } catch (error) {
    setupProblem = (error as Error).message;
  }
  const status = await newsletterStatus();
  const confirmationWarning =
    status.pendingSubscribers > 0 && !confirmationMailSetup() ? `${status.pendingSubscribers} pending confirmation — ${CONFIRMATION_MAIL_OFF}.` : null;
  return {
    ...status,
    confirmationWarning,
    weekLabel: weekLabel(status.weekStart),
    schedule: config().NEWSLETTER_SCHEDULE,
    setupProblem,
  };
}
