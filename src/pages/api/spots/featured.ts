import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { spotReadHeaders } from '../../../server/spots/paywall';
import { featuredSpotsFor } from '../../../server/spots/reads';

export const GET: APIRoute = ({ cookies, locals }) =>
  handle(async () => {
    const { spots, entitled } = await featuredSpotsFor({ cookies, locals });
    return json(spots, { headers: spotReadHeaders(entitled) });
  });
export const ALL = methodNotAllowed(['GET']);
