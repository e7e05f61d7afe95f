import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { revokeInvite } from '../../../../server/admin/staff-invites';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'an invite id') });

/** Withdraws a pending invite (Owner only): its link then refuses. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const actor = requireStaff(locals, 'staff:manage');
    const { id } = parseParams(params, Params);
    await revokeInvite(actor, id);
    return json({ revoked: true });
  });

export const ALL = methodNotAllowed(['DELETE']);
