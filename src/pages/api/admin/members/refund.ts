import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { refundSubscription } from '../../../../server/members/actions';
import { SubscriptionInput } from '../../../../server/members/inputs';

/** POST /api/admin/members/refund ('members:manage'): the newest payment back in full (30-day guarantee); the subscription ends now. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:manage');
    const { subscriptionId } = await readJsonBody(request, SubscriptionInput);
    return json(await refundSubscription(staff, subscriptionId));
  });
export const ALL = methodNotAllowed(['POST']);
