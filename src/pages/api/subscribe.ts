import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../lib/email';
import { readJsonBody } from '../../server/http/body';
import { handle, json, methodNotAllowed } from '../../server/http/responses';
import { requestNewsletter } from '../../server/newsletter/signup';
import { publicOrigin } from '../../server/http/request-origin';

const Body = z.object({ email: emailSchema });

/**
 * Every newsletter form posts here. The answer is the same whether the address was new, pending
 * or already on the list, so the form tells nobody who subscribes.
 */
const SIGNUP_MESSAGE = "Thanks! If you're new to Scottsdale Weekly, check your inbox for a link to confirm your address.";

export const POST: APIRoute = ({ request, url }) =>
  handle(async () => {
    const { email } = await readJsonBody(request, Body);
    await requestNewsletter(email, publicOrigin(url));
    return json({ message: SIGNUP_MESSAGE });
  });

export const ALL = methodNotAllowed(['POST']);
