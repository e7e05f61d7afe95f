import type { APIRoute } from 'astro';
import { SuggestionInput } from '../../../lib/suggestion';
import { readFormBody } from '../../../server/body';
import { handle, json, methodNotAllowed } from '../../../server/http';
import { submitSuggestion } from '../../../server/suggestions';

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    return json(await submitSuggestion(await readFormBody(request, SuggestionInput)), 201);
  });

export const ALL = methodNotAllowed(['POST']);
