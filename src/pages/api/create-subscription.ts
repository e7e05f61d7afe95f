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
import { openOffer } from '../../server/plans/offers';

const Body = z.object({
  email: emailSchema,
  priceId: z.string().trim().max(100).optional(),
  /** The subscribe dialog's choice; monthly unless the yearly plan is chosen. */
  plan: z.enum(['monthly', 'yearly'], { error: 'plan must be monthly or yearly' }).optional(),
  /** An offer's code, from its page: its discount or trial is applied. */
  offer: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, 'offer is not an offer code')
    .optional(),
});

export const POST: APIRoute = ({ request, url, cookies, locals }) =>
  handle(async () => {
    const { email, priceId, plan, offer: code } = await readJsonBody(request, Body);
    // Checked before anything else: an ended offer starts no checkout and claims no email.
    const offer = code ? await openOffer(code) : null;
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
      plan,
      offer,
    });
    await recordFunnel('checkout_started', { sessionId: locals.startSession(), source: sourceOfPath(from), checkoutSessionId: checkout.id });
    return json({ url: checkout.url });
  });

export const ALL = methodNotAllowed(['POST']);
