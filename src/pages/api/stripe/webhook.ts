import type { APIRoute } from 'astro';
import { readBodyText } from '../../../server/http/body';
import { BODY_CAPS } from '../../../server/http/body-caps.mjs';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { handleStripeEvent, verifyStripeEvent } from '../../../server/subscriptions/stripe-webhooks';

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const raw = await readBodyText(request, BODY_CAPS.stripeWebhook);
    const event = verifyStripeEvent(raw, request.headers.get('stripe-signature'));
    const { duplicate } = await handleStripeEvent(event);
    return json({ received: true, duplicate });
  });

export const ALL = methodNotAllowed(['POST']);
