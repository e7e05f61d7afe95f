import type { APIRoute } from 'astro';
import { EVENT_SCRAPE_LIMIT } from '../../../lib/constants';
import { requireAdmin } from '../../../server/admin/session';
import { isBrowseAiConfigured, latestTask, withErrorField } from '../../../server/adapters/browse-ai';
import { config } from '../../../server/config';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

/** What the admin panel's Browse AI Event Automation area shows. */
export const GET: APIRoute = ({ cookies }) =>
  withErrorField(
    handle(async () => {
      requireAdmin(cookies);
      const { BROWSE_AI_ROBOT_ID, BROWSE_AI_EVENTS_URL, BROWSE_AI_WEBHOOK_SECRET } = config();
      return json({
        configured: isBrowseAiConfigured(),
        robotId: BROWSE_AI_ROBOT_ID ?? null,
        source: BROWSE_AI_EVENTS_URL,
        limit: EVENT_SCRAPE_LIMIT,
        webhookConfigured: Boolean(BROWSE_AI_WEBHOOK_SECRET),
        lastTask: await latestTask(),
      });
    }),
  );

export const ALL = methodNotAllowed(['GET']);
