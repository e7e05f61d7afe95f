import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { browseAiStatus, withErrorField } from '../../../server/adapters/browse-ai';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

/** What the admin panel's Browse AI Event Automation area shows. */
export const GET: APIRoute = ({ cookies }) =>
  withErrorField(
    handle(async () => {
      requireAdmin(cookies);
      return json(await browseAiStatus());
    }),
  );

export const ALL = methodNotAllowed(['GET']);
