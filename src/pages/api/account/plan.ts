import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { currentSubscriber } from '../../../server/subscriptions/subscriber';
import { planFor } from '../../../server/plans/my-plan';

/**
 * GET /api/account/plan: which plan the visitor's proven membership is on (monthly, yearly, a gift
 * and until when), or null. Like /api/account, a merely typed email proves nothing.
 */
export const GET: APIRoute = ({ cookies, locals }) =>
  handle(async () => {
    const subscriber = await currentSubscriber({ cookies, locals });
    return json(await planFor(subscriber), { headers: { 'Cache-Control': 'private, no-store' } });
  });

export const ALL = methodNotAllowed(['GET']);
