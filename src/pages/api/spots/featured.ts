import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { entitledToPremium, spotReadHeaders, spotsAsSeen } from '../../../server/spots/paywall';
import { featuredSpots } from '../../../server/spots/spots';

export const GET: APIRoute = ({ cookies, locals }) =>
  handle(async () => {
    const [spots, entitled] = await Promise.all([featuredSpots(), entitledToPremium({ cookies, locals })]);
    return json(spotsAsSeen(entitled, spots), { headers: spotReadHeaders(entitled) });
  });
export const ALL = methodNotAllowed(['GET']);
