import type { APIRoute } from 'astro';
import { z } from 'zod';
import { STAFF_ROLES } from '../../../../lib/staff-roles';
import { requireStaff } from '../../../../server/admin/permissions';
import { createInvite, pendingInvites } from '../../../../server/admin/staff-invites';
import { readJsonBody } from '../../../../server/http/body';
import { publicOrigin } from '../../../../server/http/request-origin';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

const Body = z.object({
  email: z.email({ error: 'Enter the email address to invite.' }).max(200),
  role: z.enum(STAFF_ROLES, { error: 'Choose a role: owner, editor, contributor or support.' }),
});

/** Pending invites (Owner only: staff:manage). */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireStaff(locals, 'staff:manage');
    return json({ invites: await pendingInvites() });
  });

/**
 * Invites an email with a role (201): the link is always in the answer for the inviter to copy,
 * and `emailed` says whether it was also sent (SMTP_URL and NEWSLETTER_FROM set, and accepted).
 */
export const POST: APIRoute = ({ locals, request, url }) =>
  handle(async () => {
    const actor = requireStaff(locals, 'staff:manage');
    const input = await readJsonBody(request, Body);
    return json({ invite: await createInvite(actor, input, publicOrigin(url)) }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
