import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../../server/http';
import { handleStripeEvent, verifyStripeEvent } from '../../../server/stripe-webhooks';

const MAX_EVENT_BYTES = 512 * 1024;

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const raw = await request.text();
    if (raw.length > MAX_EVENT_BYTES) return json({ message: 'Event too large' }, 413);
    const event = verifyStripeEvent(raw, request.headers.get('stripe-signature'));
    const { duplicate } = await handleStripeEvent(event);
    return json({ received: true, duplicate });
  });

export const ALL = methodNotAllowed(['POST']);
