import type { APIRoute } from 'astro';
import { SuggestionInput } from '../../../lib/suggestion';
import { readFormBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { submitSuggestion } from '../../../server/spots/suggestions';

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    return json(await submitSuggestion(await readFormBody(request, SuggestionInput)), 201);
  });

export const ALL = methodNotAllowed(['POST']);
