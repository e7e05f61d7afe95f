import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { triggerEventScraping, withErrorField } from '../../../server/adapters/browse-ai';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

/** Starts the events robot (admin panel 'Trigger Event Scraping'); any request body is ignored. */
export const POST: APIRoute = ({ locals, url }) =>
  withErrorField(
    handle(async () => {
      requireAdmin(locals);
      return json(await triggerEventScraping(url.origin));
    }),
  );

export const ALL = methodNotAllowed(['POST']);
