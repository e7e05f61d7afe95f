import type { APIRoute } from 'astro';
import { SuggestionInput } from '../../../lib/suggestion';
import { fieldErrors } from '../../../lib/validation';
import { readJsonBody } from '../../../server/body';
import { errorJson, handle, json, methodNotAllowed } from '../../../server/http';
import { submitSuggestion } from '../../../server/suggestions';
import { z } from 'zod';

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const raw = await readJsonBody(request, z.unknown());
    const parsed = SuggestionInput.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return errorJson(400, Object.values(fields).join(' '), { fields });
    }
    return json(await submitSuggestion(parsed.data), 201);
  });

export const ALL = methodNotAllowed(['POST']);
