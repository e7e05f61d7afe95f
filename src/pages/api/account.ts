import type { APIRoute } from 'astro';
import { z } from 'zod';
import { handle, json, methodNotAllowed, parseQuery } from '../../server/http/responses';
import { currentSubscriber } from '../../server/subscriptions/subscriber';
import { subscriptionStatus } from '../../server/subscriptions/subscriptions';

/** The endpoint reads only the request's cookies: any query is a mistake. */
const Query = z.object({}).strict();

/**
 * Who the server takes the visitor to be: the Clerk user signed in on this request (null when
 * Clerk is off or nobody is signed in) and the subscriber identity the paywall uses.
 */
export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    parseQuery(url, Query);
    const subscriber = await currentSubscriber({ cookies, locals });
    const status = subscriber ? await subscriptionStatus(subscriber.email) : null;
    return json(
      {
        user: locals.clerkUser,
        subscriber: subscriber && status ? { email: subscriber.email, verified: subscriber.verified, ...status } : null,
      },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  });

export const ALL = methodNotAllowed(['GET']);
