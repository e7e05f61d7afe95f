import type { APIRoute } from 'astro';
import { z } from 'zod';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { accountFor } from '../../../server/subscriptions/account';

/** The endpoint reads only the request's cookies: any query is a mistake. */
const Query = z.object({}).strict();

/** Who the server takes the visitor to be (see accountFor). */
export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    parseQuery(url, Query);
    return json(await accountFor({ cookies, locals }), { headers: { 'Cache-Control': 'private, no-store' } });
  });

export const ALL = methodNotAllowed(['GET']);
