import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { sendTestIssue } from '../../../../server/newsletter/desk-actions';

/** POST: this week's issue to the signed-in member of staff's own address, marked as a test; never the week's send. */
export const POST: APIRoute = ({ locals }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'newsletter:send');
    return json(await sendTestIssue(staff));
  });

export const ALL = methodNotAllowed(['POST']);
