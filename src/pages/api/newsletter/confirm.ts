import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { handle, HttpError, json, methodNotAllowed } from '../../../server/http/responses';
import { confirmNewsletter } from '../../../server/newsletter/signup';

const Body = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) });

const CONFIRMED_MESSAGE = "You're on Scottsdale Weekly. Look for it in your inbox every Thursday.";

/**
 * The confirm page's button. A POST, not the emailed GET link itself: mail scanners open links
 * to check them, and that must not subscribe anyone.
 */
export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const { token } = await readJsonBody(request, Body);
    const result = await confirmNewsletter(token);
    if (!result) throw new HttpError(400, 'This confirmation link is not valid.');
    if (result.outcome === 'expired') throw new HttpError(409, 'This confirmation link has expired. Sign up again to get a new one.');
    return json({ message: CONFIRMED_MESSAGE, email: result.email });
  });

export const ALL = methodNotAllowed(['POST']);
