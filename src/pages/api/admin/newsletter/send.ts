import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { startSendNow } from '../../../../server/newsletter/desk-actions';

/** The week the confirmation showed, so a page left open since last week never sends this week's issue unseen. */
const Body = z.object({ week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'week must be a date like 2026-11-22') });

/**
 * POST { week }: Send now. 202 once the week is claimed and the run has started (it carries on in
 * the server); 409 when the week's issue was sent or is sending; 503 when mail is off.
 */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'newsletter:send');
    const { week } = await readJsonBody(request, Body);
    return json(await startSendNow(staff, week), 202);
  });

export const ALL = methodNotAllowed(['POST']);
