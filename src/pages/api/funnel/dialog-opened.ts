import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { returnPath } from '../../../server/http/request-origin';
import { recordFunnel, sourceOfPath } from '../../../server/members/funnel';

/** The subscribe dialog was opened: a funnel step of this visitor session, on the page it opened on. */
export const POST: APIRoute = ({ request, url, locals }) =>
  handle(async () => {
    await recordFunnel('dialog_opened', { sessionId: locals.startSession(), source: sourceOfPath(returnPath(request, url, '/other')) });
    return json({ recorded: true });
  });

export const ALL = methodNotAllowed(['POST']);
