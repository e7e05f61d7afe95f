import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { addDraftSpot } from '../../../../server/spots/editorial';

/** POST /api/admin/spots ('spots:add', 201): a new spot saved as a draft, from a name and a category. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'spots:add');
    return json(await addDraftSpot(staff, await readJsonBody(request, z.unknown())), 201);
  });
export const ALL = methodNotAllowed(['POST']);
