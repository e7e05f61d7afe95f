import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { activateCheckoutForBrowser } from '../../../server/subscriptions/checkout';
import { startedInThisBrowser } from '../../../server/subscriptions/checkout-binding';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { writeSubscriber } from '../../../server/subscriptions/subscriber-cookie';

const Body = z.object({
  sessionId: z
    .string()
    .trim()
    .min(1, 'sessionId is required')
    .max(255)
    .regex(/^cs_[A-Za-z0-9_]+$/, 'sessionId is not a checkout session id'),
});

/** /success calls this: the browser that started the checkout becomes the verified subscriber of its customer, once. */
export const POST: APIRoute = ({ request, url, cookies }) =>
  handle(async () => {
    const { sessionId } = await readJsonBody(request, Body);
    const result = await activateCheckoutForBrowser(sessionId, {
      startedHere: (binding) => startedInThisBrowser(cookies, binding),
      unlock: ({ email, customer }) => writeSubscriber(cookies, { email, verified: true, customer }, url.protocol === 'https:'),
    });
    return json(result);
  });

export const ALL = methodNotAllowed(['POST']);
