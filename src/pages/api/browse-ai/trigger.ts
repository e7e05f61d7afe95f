import type { APIRoute } from 'astro';
import { requireStaff } from '../../../server/admin/permissions';
import { withErrorField } from '../../../server/adapters/browse-ai';
import { triggerEventScraping } from '../../../server/content/event-scraping';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

/** Starts the events robot (admin panel 'Trigger Event Scraping'); any request body is ignored. */
export const POST: APIRoute = ({ locals, url }) =>
  withErrorField(
    handle(async () => {
      const staff = requireStaff(locals, 'events:import');
      return json(await triggerEventScraping(url.origin, staff));
    }),
  );

export const ALL = methodNotAllowed(['POST']);
