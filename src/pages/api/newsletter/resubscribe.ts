import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { resubscribe } from '../../../server/newsletter/signup';
import { sendQueuedConfirmations } from '../../../server/newsletter/outbox-worker';
import { publicOrigin } from '../../../server/http/request-origin';

const Body = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) });

/** "Changed your mind?" on the unsubscribe page: asks for the newsletter back (see resubscribe). */
export const POST: APIRoute = ({ request, url }) =>
  handle(async () => {
    const { token } = await readJsonBody(request, Body);
    const answer = json(await resubscribe(token, publicOrigin(url)));
    sendQueuedConfirmations();
    return answer;
  });

export const ALL = methodNotAllowed(['POST']);
