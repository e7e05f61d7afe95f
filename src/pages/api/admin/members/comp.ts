import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { giveComplimentary } from '../../../../server/members/actions';
import { CompInput, endOfCityDay } from '../../../../server/members/inputs';

/** POST /api/admin/members/comp ('members:manage'): complimentary access until the end of a day. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:manage');
    const { email, until } = await readJsonBody(request, CompInput);
    return json(await giveComplimentary(staff, email, endOfCityDay(until)));
  });
export const ALL = methodNotAllowed(['POST']);
