import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { readJsonBody } from '../../../../../server/http/body';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';
import { editSpot, spotForEditor } from '../../../../../server/spots/editorial';

const Params = z.object({ id: idParamSchema });
const Body = z.record(z.string(), z.unknown(), { error: 'Send the changed fields as a JSON object.' });

/** GET /api/admin/spots/{id} ('spots:edit'): the spot as its editor opens it, with its version. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'spots:edit');
    const { id } = parseParams(params, Params);
    return json(await spotForEditor(id));
  });

/**
 * PATCH /api/admin/spots/{id} ('spots:edit'): the changed fields, the `version` the editor opened,
 * `verified` and an optional `publicLine`. 400 names each bad field, 404 an unknown spot, 409 when
 * someone else saved first (nothing is written).
 */
export const PATCH: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'spots:edit');
    const { id } = parseParams(params, Params);
    return json(await editSpot(staff, id, await readJsonBody(request, Body)));
  });
export const ALL = methodNotAllowed(['GET', 'PATCH']);
