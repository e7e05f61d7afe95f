import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { withErrorField } from '../../../server/adapters/browse-ai';
import { browseAiStatus } from '../../../server/content/event-scraping';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

/** What the admin panel's Browse AI Event Automation area shows. */
export const GET: APIRoute = ({ locals }) =>
  withErrorField(
    handle(async () => {
      requireAdmin(locals);
      return json(await browseAiStatus());
    }),
  );

export const ALL = methodNotAllowed(['GET']);
