import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../lib/validation';
import { handle, json, methodNotAllowed, parseParams } from '../../../server/http/responses';
import { unsaveSpot } from '../../../server/spots/saved';
import { requireUser } from '../../../server/visitors/identity';

const Params = z.object({ id: idParamSchema });

/** Takes a spot off the signed-in user's list; one that was not on it changes nothing. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const user = requireUser(locals);
    const { id } = parseParams(params, Params);
    return json({ spotIds: await unsaveSpot(user.id, id) });
  });

export const ALL = methodNotAllowed(['DELETE']);
