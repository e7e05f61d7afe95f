import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../../lib/email';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { publicOrigin } from '../../../server/http/request-origin';
import { startGiftCheckout } from '../../../server/plans/gifts';
import { bindCheckoutToBrowser } from '../../../server/subscriptions/checkout-binding';

const Body = z.object({
  months: z.union([z.literal(1), z.literal(3), z.literal(12)], { error: 'months must be 1, 3 or 12' }),
  recipientEmail: emailSchema,
  buyerEmail: emailSchema,
});

/** POST /api/gifts: a one-time Checkout for a gift of 1, 3 or 12 months to someone's email. */
export const POST: APIRoute = ({ request, url, cookies }) =>
  handle(async () => {
    const input = await readJsonBody(request, Body);
    const binding = bindCheckoutToBrowser(cookies, url.protocol === 'https:');
    const { url: checkout } = await startGiftCheckout({ ...input, origin: publicOrigin(url), binding });
    return json({ url: checkout });
  });

export const ALL = methodNotAllowed(['POST']);
