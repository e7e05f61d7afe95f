import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/body';
import { handle, HttpError, json, methodNotAllowed } from '../../../server/http';
import { setSubscriptionByToken } from '../../../server/newsletter-unsubscribe';

const Body = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) });

/** "Changed your mind?" on the unsubscribe page: the same signed token turns the newsletter back on. */
export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const { token } = await readJsonBody(request, Body);
    const result = await setSubscriptionByToken(token, true);
    if (!result) throw new HttpError(400, 'This link is not valid.');
    return json({ message: "You're back on Scottsdale Weekly.", email: result.email });
  });

export const ALL = methodNotAllowed(['POST']);
