import type { APIRoute } from 'astro';
import { cityDayKey } from '../../../../lib/city-time';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, methodNotAllowed } from '../../../../server/http/responses';
import { exportPlacesCsv } from '../../../../server/spots/places-csv';

/** GET /api/admin/places/export ('places:edit'): every place as CSV, archived ones too; importing it back changes nothing. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireStaff(locals, 'places:edit');
    return new Response(await exportPlacesCsv(), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="places-${cityDayKey(new Date())}.csv"`,
      },
    });
  });
export const ALL = methodNotAllowed(['GET']);
