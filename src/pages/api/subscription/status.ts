import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../../lib/email';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { ownsSubscriberEmail } from '../../../server/subscriptions/subscriber';
import { subscriptionStatus } from '../../../server/subscriptions/subscriptions';

const Query = z.object({ email: emailSchema });

/**
 * Spec §7's status read. It answers only about the visitor's own proven address (a paid checkout
 * in this browser, or Clerk sign-in); for any other address it says not active, so nobody can
 * learn whether someone else pays.
 */
export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    const { email } = parseQuery(url, Query);
    const status = ownsSubscriberEmail({ cookies, locals }, email) ? await subscriptionStatus(email) : { isActive: false, isFoundingMember: false };
    return json(status, { headers: { 'Cache-Control': 'private, no-store' } });
  });
export const ALL = methodNotAllowed(['GET']);
