import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { myData } from '../../../server/members/own-data';
import { requireUser } from '../../../server/visitors/identity';

/** GET /api/account/data: download my data, as a JSON file. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const user = requireUser(locals);
    return json(await myData(user), {
      headers: { 'Cache-Control': 'private, no-store', 'Content-Disposition': 'attachment; filename="scottsdale-guide-my-data.json"' },
    });
  });

export const ALL = methodNotAllowed(['GET']);
