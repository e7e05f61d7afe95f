import type { APIRoute } from 'astro';
import { NewPlaceInput, PlacesDeskQuery } from '../../../../lib/place-input';
import { requireStaff } from '../../../../server/admin/permissions';
import { readFormBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseQuery } from '../../../../server/http/responses';
import { addPlace, placesForDesk } from '../../../../server/spots/places-desk';

/** GET /api/admin/places ('places:edit'): every place, archived ones too, searched. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'places:edit');
    return json(await placesForDesk(parseQuery(url, PlacesDeskQuery)));
  });

/** POST /api/admin/places ('places:edit'): adds a place; 201 with it, linked to the spot it already is. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'places:edit');
    return json({ place: await addPlace(staff, await readFormBody(request, NewPlaceInput)) }, 201);
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
