import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../lib/email';
import { readJsonBody } from '../../server/http/body';
import { createCheckout } from '../../server/subscriptions/checkout';
import { bindCheckoutToBrowser } from '../../server/subscriptions/checkout-binding';
import { handle, json, methodNotAllowed } from '../../server/http/responses';
import { publicOrigin, returnPath } from '../../server/http/request-origin';
import { claimSubscriber } from '../../server/subscriptions/subscriber-cookie';
import { proofFor } from '../../server/subscriptions/subscriber';
import { billingCustomer } from '../../server/subscriptions/subscriptions';

const Body = z.object({ email: emailSchema, priceId: z.string().trim().max(100).optional() });

export const POST: APIRoute = ({ request, url, cookies, locals }) =>
  handle(async () => {
    const { email, priceId } = await readJsonBody(request, Body);
    const secure = url.protocol === 'https:';
    // Only a customer this visitor has proved is theirs is reused; otherwise Stripe makes a new one.
    const proof = await proofFor({ cookies, locals }, email);
    const customer = proof ? await billingCustomer(proof) : null;
    // The email counts for the free-view limit from now on, whether or not checkout starts.
    claimSubscriber(cookies, email, secure);
    const checkout = await createCheckout({
      email,
      priceId,
      origin: publicOrigin(url),
      returnPath: returnPath(request, url, '/spots'),
      binding: bindCheckoutToBrowser(cookies, secure),
      customer,
    });
    return json(checkout);
  });

export const ALL = methodNotAllowed(['POST']);
