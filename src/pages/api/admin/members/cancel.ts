import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { cancelAtPeriodEnd } from '../../../../server/members/actions';
import { SubscriptionInput } from '../../../../server/members/inputs';

/** POST /api/admin/members/cancel ('members:manage'): the subscription ends when its paid period does. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:manage');
    const { subscriptionId } = await readJsonBody(request, SubscriptionInput);
    return json(await cancelAtPeriodEnd(staff, subscriptionId));
  });
export const ALL = methodNotAllowed(['POST']);
