import type { APIRoute } from 'astro';
import { z } from 'zod';
import { STAFF_ROLES } from '../../../../lib/staff-roles';
import { idParamSchema } from '../../../../lib/validation';
import { requireStaff } from '../../../../server/admin/permissions';
import { changeRole, setDisabled } from '../../../../server/admin/staff-manage';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });
const Body = z.union(
  [
    z.object({ role: z.enum(STAFF_ROLES, { error: 'Choose a role: owner, editor, contributor or support.' }) }).strict(),
    z.object({ disabled: z.boolean({ error: 'disabled must be true or false.' }) }).strict(),
  ],
  { error: 'Send either a new role or whether the account is disabled.' },
);

/** Changes an account's role, or disables or enables it (Owner only: staff:manage). */
export const PATCH: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const actor = requireStaff(locals, 'staff:manage');
    const { id } = parseParams(params, Params);
    const change = await readJsonBody(request, Body);
    if ('role' in change) return json({ account: { id, role: (await changeRole(actor, id, change.role)).role } });
    const { member, sessionsEnded } = await setDisabled(actor, id, change.disabled);
    return json({ account: { id, disabled: member.disabledAt !== null }, sessionsEnded });
  });

export const ALL = methodNotAllowed(['PATCH']);
