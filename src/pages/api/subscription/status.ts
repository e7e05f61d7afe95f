import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../../lib/email';
import { handle, json, parseQuery , methodNotAllowed } from '../../../server/http';
import { subscriptionStatus } from '../../../server/subscriptions';

const Query = z.object({ email: emailSchema });

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { email } = parseQuery(url, Query);
    return json(await subscriptionStatus(email), { headers: { 'Cache-Control': 'no-store' } });
  });
export const ALL = methodNotAllowed(['GET']);
