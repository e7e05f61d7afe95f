import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../lib/email';
import { readJsonBody } from '../../server/http/body';
import { handle, json, methodNotAllowed } from '../../server/http/responses';
import { signUpForNewsletter } from '../../server/newsletter/signup';
import { sendQueuedConfirmations } from '../../server/newsletter/outbox-worker';
import { publicOrigin } from '../../server/http/request-origin';

const Body = z.object({ email: emailSchema });

/** Every newsletter form posts here; the answer never tells who subscribes (see signUpForNewsletter). */
export const POST: APIRoute = ({ request, url }) =>
  handle(async () => {
    const { email } = await readJsonBody(request, Body);
    const answer = json(await signUpForNewsletter(email, publicOrigin(url)));
    // Any confirmation email goes out after the answer, whoever signed up (see requestNewsletter).
    sendQueuedConfirmations();
    return answer;
  });

export const ALL = methodNotAllowed(['POST']);
