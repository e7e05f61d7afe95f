import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { openSpot } from '../../../../server/spots/reads';

const Params = z.object({ id: idParamSchema });

export const POST: APIRoute = (context) =>
  handle(async () => {
    const { id } = parseParams(context.params, Params);
    return json(await openSpot(context, id));
  });
export const ALL = methodNotAllowed(['POST']);
