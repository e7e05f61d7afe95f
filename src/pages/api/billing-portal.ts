import type { APIRoute } from 'astro';
import { billingPortal } from '../../server/checkout';
import { HttpError, handle, json, methodNotAllowed } from '../../server/http';
import { publicOrigin } from '../../server/request-origin';
import { readSubscriber } from '../../server/subscriber-cookie';

/** Opens Stripe's billing portal for the subscriber this browser paid as. */
export const POST: APIRoute = ({ url, cookies }) =>
  handle(async () => {
    const subscriber = readSubscriber(cookies);
    if (!subscriber?.verified) throw new HttpError(401, 'Subscribe on this device first to manage your subscription.');
    return json(await billingPortal(subscriber.email, `${publicOrigin(url)}/account`));
  });

export const ALL = methodNotAllowed(['POST']);
