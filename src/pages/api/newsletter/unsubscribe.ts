import type { APIRoute } from 'astro';
import { z } from 'zod';
import { handle, HttpError, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { unsubscribeByToken } from '../../../server/newsletter/unsubscribe';

const Query = z.object({ token: z.string({ error: 'The unsubscribe link has no token.' }).max(200, 'This unsubscribe link is not valid.') });

/**
 * The address in every issue's `List-Unsubscribe` header. Mail providers POST to it from their
 * own servers (not a browser on our pages), so the same-origin and JSON rules do not apply; the
 * signed token is the proof.
 */
export const POST: APIRoute = ({ request, url }) =>
  handle(async () => {
    const { token } = parseQuery(url, Query);
    // Never buffered: the body carries nothing the token does not, and this route takes posts from anywhere.
    await request.body?.cancel();
    const result = await unsubscribeByToken(token);
    if (!result) throw new HttpError(400, 'This unsubscribe link is not valid.');
    return json({ message: "You're unsubscribed from Scottsdale Weekly." });
  });

export const ALL = methodNotAllowed(['POST']);
