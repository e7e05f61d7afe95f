import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { transferOwnership } from '../../../../../server/admin/staff-manage';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** Transfers ownership to this account (Owner only): it becomes an Owner, the giver an Editor unless built in. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const actor = requireStaff(locals, 'staff:manage');
    const { id } = parseParams(params, Params);
    const member = await transferOwnership(actor, id);
    return json({ account: { id: member.id, role: member.role } });
  });

export const ALL = methodNotAllowed(['POST']);
