import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../../server/admin/permissions';
import { readJsonBody } from '../../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../../server/http/responses';
import { LabelInput } from '../../../../../server/members/inputs';
import { addLabel } from '../../../../../server/members/labels';

/** POST /api/admin/members/labels/add ('members:label'): puts a label on a member, with a History entry. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:label');
    const { email, label } = await readJsonBody(request, LabelInput);
    return json(await addLabel(staff, email, label));
  });
export const ALL = methodNotAllowed(['POST']);
