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
import { recordFunnel, sourceOfPath } from '../../server/members/funnel';

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
    const from = returnPath(request, url, '/spots');
    const checkout = await createCheckout({
      email,
      priceId,
      origin: publicOrigin(url),
      returnPath: from,
      binding: bindCheckoutToBrowser(cookies, secure),
      customer,
    });
    await recordFunnel('checkout_started', { sessionId: locals.startSession(), source: sourceOfPath(from), checkoutSessionId: checkout.id });
    return json({ url: checkout.url });
  });

export const ALL = methodNotAllowed(['POST']);
