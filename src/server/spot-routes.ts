import type { APIContext } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../lib/validation';
import { HttpError, handle, json, parseParams } from './http';
import { LOCKED_MESSAGE, viewsUnmetered } from './paywall';
import { recordSpotReaction, recordSpotView, type SpotReaction } from './spot-engagement';

const Params = z.object({ id: idParamSchema });
const visitorOf = ({ locals }: APIContext) => ({ sessionId: locals.sessionId, userId: locals.userId });

/** POST /api/spots/{id}/view */
export function viewSpot(context: APIContext): Promise<Response> {
  return handle(async () => {
    const { id } = parseParams(context.params, Params);
    const outcome = await recordSpotView(id, visitorOf(context), await viewsUnmetered(context));
    if (outcome.kind === 'not-found') throw new HttpError(404, 'Spot not found');
    if (outcome.kind === 'over-free-limit') throw new HttpError(402, LOCKED_MESSAGE);
    const { spot } = outcome;
    return json({ id: spot.id, viewCount: spot.viewCount, counted: outcome.kind === 'counted', spot });
  });
}

/** POST /api/spots/{id}/love and /visit */
export function reactToSpot(reaction: SpotReaction) {
  return (context: APIContext): Promise<Response> =>
    handle(async () => {
      const { id } = parseParams(context.params, Params);
      const result = await recordSpotReaction(id, reaction, visitorOf(context));
      if (!result) throw new HttpError(404, 'Spot not found');
      return json(result);
    });
}
