import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { confirmSignup } from '../../../server/newsletter/signup';

const Body = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) });

/**
 * The confirm page's button. A POST, not the emailed GET link itself: mail scanners open links
 * to check them, and that must not subscribe anyone.
 */
export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const { token } = await readJsonBody(request, Body);
    return json(await confirmSignup(token));
  });

export const ALL = methodNotAllowed(['POST']);
