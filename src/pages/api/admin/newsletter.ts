import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { newsletterPanelStatus } from '../../../server/newsletter/admin-status';

/** What the admin panel's Newsletter area shows: subscribers (active, pending, unsubscribed), this week's sending and the setup. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireAdmin(locals);
    return json(await newsletterPanelStatus());
  });

export const ALL = methodNotAllowed(['GET']);
