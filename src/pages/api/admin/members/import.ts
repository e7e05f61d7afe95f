import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { readBodyText } from '../../../../server/http/body';
import { BODY_CAPS } from '../../../../server/http/body-caps.mjs';
import { publicOrigin } from '../../../../server/http/request-origin';
import { handle, HttpError, json, methodNotAllowed, parseInput } from '../../../../server/http/responses';
import { importNewsletterCsv } from '../../../../server/members/csv';

const Body = z.object({ csv: z.string().min(1, 'Choose a CSV file.'), commit: z.boolean().default(false) });

/**
 * POST /api/admin/members/import ('members:manage'): a newsletter list as CSV. Without `commit` it
 * only previews each row's outcome; with it the new addresses are added, pending their confirmation.
 */
export const POST: APIRoute = ({ locals, request, url }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:manage');
    const text = await readBodyText(request, BODY_CAPS.csvImport);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'Request body is not valid JSON.');
    }
    const { csv, commit } = parseInput(Body, data, 'body');
    const result = await importNewsletterCsv(staff, csv, { commit, siteUrl: publicOrigin(url) });
    return json(result, result.error ? 400 : 200);
  });
export const ALL = methodNotAllowed(['POST']);
