import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../../lib/email';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { subscriptionStatusFor } from '../../../server/subscriptions/account';

const Query = z.object({ email: emailSchema });

/**
 * Spec §7's status read. It answers only about the visitor's own proven address (a paid checkout
 * in this browser, or Clerk sign-in); for any other address it says not active, so nobody can
 * learn whether someone else pays.
 */
export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    const { email } = parseQuery(url, Query);
    return json(await subscriptionStatusFor({ cookies, locals }, email), { headers: { 'Cache-Control': 'private, no-store' } });
  });
export const ALL = methodNotAllowed(['GET']);
