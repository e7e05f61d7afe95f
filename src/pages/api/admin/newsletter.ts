import type { APIRoute } from 'astro';
import { weekLabel } from '../../../lib/calendar-week';
import { requireAdmin } from '../../../server/admin/session';
import { config } from '../../../server/config';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { newsletterSendConfig } from '../../../server/newsletter/config';
import { CONFIRMATION_MAIL_OFF, confirmationMailSetup } from '../../../server/newsletter/confirmation';
import { newsletterStatus } from '../../../server/newsletter/ledger';

/** What the admin panel's Newsletter area shows: subscribers (active, pending, unsubscribed), this week's sending and the setup. */
export const GET: APIRoute = ({ cookies }) =>
  handle(async () => {
    requireAdmin(cookies);
    let setupProblem: string | null = null;
    try {
      newsletterSendConfig();
    } catch (error) {
      setupProblem = (error as Error).message;
    }
    const status = await newsletterStatus();
    const confirmationWarning =
      status.pendingSubscribers > 0 && !confirmationMailSetup() ? `${status.pendingSubscribers} pending confirmation — ${CONFIRMATION_MAIL_OFF}.` : null;
    return json({
      ...status,
      confirmationWarning,
      weekLabel: weekLabel(status.weekStart),
      schedule: config().NEWSLETTER_SCHEDULE,
      setupProblem,
    });
  });

export const ALL = methodNotAllowed(['GET']);
