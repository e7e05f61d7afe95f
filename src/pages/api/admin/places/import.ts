import type { APIRoute } from 'astro';
import { z } from '../../../../lib/zod';
import { BODY_CAPS } from '../../../../server/http/body-caps.mjs';
import { requireStaff } from '../../../../server/admin/permissions';
import { readBodyText } from '../../../../server/http/body';
import { HttpError, handle, json, methodNotAllowed, parseInput } from '../../../../server/http/responses';
import { importPlacesCsv, previewPlacesCsv } from '../../../../server/spots/places-csv';

const Body = z
  .object({
    csv: z.string({ error: 'Send the CSV file as text in "csv".' }),
    /** false (the default): a preview, nothing written; true: the good rows are written. */
    confirm: z.boolean({ error: 'confirm must be true or false.' }).default(false),
  })
  .strict();

/**
 * POST /api/admin/places/import ('places:edit'), `{ csv, confirm }` as JSON: without `confirm` a
 * preview of what each row would do and each bad row's errors, nothing written; with it, the good
 * rows are written (with History) and the bad ones reported the same way.
 */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'places:edit');
    let data: unknown;
    try {
      data = JSON.parse(await readBodyText(request, BODY_CAPS.placesCsv));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'Request body is not valid JSON.');
    }
    const { csv, confirm } = parseInput(Body, data, 'body');
    return json(confirm ? { imported: true, ...(await importPlacesCsv(staff, csv)) } : { imported: false, ...(await previewPlacesCsv(csv)) });
  });
export const ALL = methodNotAllowed(['POST']);
