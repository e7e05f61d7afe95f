import type { APIRoute } from 'astro';
import { billingPortal } from '../../server/subscriptions/billing-portal';
import { HttpError, handle, json, methodNotAllowed } from '../../server/http/responses';
import { publicOrigin } from '../../server/http/request-origin';
import { currentSubscriber } from '../../server/subscriptions/subscriber';

/** Opens Stripe's billing portal for the customer this browser paid as, or the signed-in Clerk user's. */
export const POST: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    const subscriber = await currentSubscriber({ cookies, locals });
    if (!subscriber?.verified) throw new HttpError(401, 'Subscribe on this device first to manage your subscription.');
    return json(await billingPortal(subscriber, `${publicOrigin(url)}/account`));
  });

export const ALL = methodNotAllowed(['POST']);
