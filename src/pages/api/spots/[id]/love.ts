import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { HttpError, handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { recordSpotReaction } from '../../../../server/spots/engagement';

const Params = z.object({ id: idParamSchema });

export const POST: APIRoute = ({ params, locals }) =>
  handle(async () => {
    const { id } = parseParams(params, Params);
    const result = await recordSpotReaction(id, 'love', { sessionId: locals.sessionId, userId: locals.user?.id ?? null });
    if (!result) throw new HttpError(404, 'Spot not found');
    return json(result);
  });
export const ALL = methodNotAllowed(['POST']);
