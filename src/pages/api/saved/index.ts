import type { APIRoute } from 'astro';
import { SaveSpotsInput, SavedQuery } from '../../../lib/saved-spots';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { saveSpots, savedListFor } from '../../../server/spots/saved';
import { requireUser } from '../../../server/visitors/identity';

const PRIVATE = { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' };

/** The visitor's saved spots: a signed-in user's list; otherwise the spots of the ids this browser keeps (`?ids=`). */
export const GET: APIRoute = ({ cookies, locals, url }) =>
  handle(async () => {
    const { ids = [] } = parseQuery(url, SavedQuery);
    return json(await savedListFor({ cookies, locals }, ids), { headers: PRIVATE });
  });

/** Adds spots to the signed-in user's list; saving one twice changes nothing. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const user = requireUser(locals);
    const { spotIds } = await readJsonBody(request, SaveSpotsInput);
    return json({ spotIds: await saveSpots(user.id, spotIds) });
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
