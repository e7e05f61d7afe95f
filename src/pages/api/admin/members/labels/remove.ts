import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../../server/admin/permissions';
import { readJsonBody } from '../../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../../server/http/responses';
import { LabelInput } from '../../../../../server/members/inputs';
import { removeLabel } from '../../../../../server/members/labels';

/** POST /api/admin/members/labels/remove ('members:label'): takes a label off a member, with a History entry. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:label');
    const { email, label } = await readJsonBody(request, LabelInput);
    return json(await removeLabel(staff, email, label));
  });
export const ALL = methodNotAllowed(['POST']);
