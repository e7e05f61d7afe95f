import type { APIRoute } from 'astro';
import { z } from '../../../../lib/zod';
import { PlaceChangeInput } from '../../../../lib/place-input';
import { idParamSchema } from '../../../../lib/validation';
import { requireStaff } from '../../../../server/admin/permissions';
import { readFormBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { editPlace, placeForDesk } from '../../../../server/spots/places-desk';

const Params = z.object({ id: idParamSchema });

/** GET /api/admin/places/{id} ('places:edit'). */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'places:edit');
    return json({ place: await placeForDesk(parseParams(params, Params).id) });
  });

/** PATCH /api/admin/places/{id} ('places:edit'): changes the fields sent; `spotSlug` links it to a spot (null unlinks). */
export const PATCH: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'places:edit');
    const { id } = parseParams(params, Params);
    return json({ place: await editPlace(staff, id, await readFormBody(request, PlaceChangeInput)) });
  });

export const ALL = methodNotAllowed(['GET', 'PATCH']);
