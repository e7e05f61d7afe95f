import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { HttpError, handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { recordSpotView } from '../../../../server/spots/engagement';
import { LOCKED_MESSAGE, viewsUnmetered } from '../../../../server/spots/paywall';

const Params = z.object({ id: idParamSchema });

export const POST: APIRoute = (context) =>
  handle(async () => {
    const { id } = parseParams(context.params, Params);
    const { sessionId, user } = context.locals;
    const outcome = await recordSpotView(id, { sessionId, userId: user?.id ?? null }, await viewsUnmetered(context));
    if (outcome.kind === 'not-found') throw new HttpError(404, 'Spot not found');
    if (outcome.kind === 'over-free-limit') throw new HttpError(402, LOCKED_MESSAGE);
    const { spot } = outcome;
    return json({ id: spot.id, viewCount: spot.viewCount, counted: outcome.kind === 'counted', spot });
  });
export const ALL = methodNotAllowed(['POST']);
