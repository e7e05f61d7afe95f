import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { startEventScraping, withErrorField } from '../../../server/adapters/browse-ai';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

/** Starts the events robot (admin panel 'Trigger Event Scraping'); any request body is ignored. */
export const POST: APIRoute = ({ cookies, url }) =>
  withErrorField(
    handle(async () => {
      requireAdmin(cookies);
      const task = await startEventScraping(url.origin);
      return json({ taskId: task.id, status: task.status, message: 'Browse AI task created' });
    }),
  );

export const ALL = methodNotAllowed(['POST']);
