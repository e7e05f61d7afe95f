import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { handle, HttpError, json, methodNotAllowed } from '../../../server/http/responses';
import { requestNewsletter } from '../../../server/newsletter/signup';
import { subscriberForToken } from '../../../server/newsletter/unsubscribe';
import { publicOrigin } from '../../../server/http/request-origin';

const Body = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) });

/**
 * "Changed your mind?" on the unsubscribe page. An unsubscribe link travels in every issue and
 * can be forwarded, so it only asks for the newsletter back: the address is emailed a
 * confirmation link, as for any sign-up.
 */
export const POST: APIRoute = ({ request, url }) =>
  handle(async () => {
    const { token } = await readJsonBody(request, Body);
    const subscriber = await subscriberForToken(token);
    if (!subscriber) throw new HttpError(400, 'This link is not valid.');
    const { state } = await requestNewsletter(subscriber.email, publicOrigin(url));
    const message =
      state === 'active' ? "You're on Scottsdale Weekly." : "Almost there: check your inbox and follow the link to confirm you're back on Scottsdale Weekly.";
    return json({ message, email: subscriber.email, state });
  });

export const ALL = methodNotAllowed(['POST']);
