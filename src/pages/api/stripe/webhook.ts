import type { APIRoute } from 'astro';
import { readBodyText } from '../../../server/body';
import { BODY_CAPS } from '../../../server/body-caps.mjs';
import { handle, json, methodNotAllowed } from '../../../server/http';
import { handleStripeEvent, verifyStripeEvent } from '../../../server/stripe-webhooks';

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const raw = await readBodyText(request, BODY_CAPS.stripeWebhook);
    const event = verifyStripeEvent(raw, request.headers.get('stripe-signature'));
    const { duplicate } = await handleStripeEvent(event);
    return json({ received: true, duplicate });
  });

export const ALL = methodNotAllowed(['POST']);
