import type { APIRoute } from 'astro';
import { z } from 'zod';
import { AcceptCorrectionInput } from '../../../../../lib/correction';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { readJsonBody } from '../../../../../server/http/body';
import { publicOrigin } from '../../../../../server/http/request-origin';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';
import { acceptCorrection } from '../../../../../server/spots/corrections';

const Params = z.object({ id: idParamSchema });

/**
 * POST /api/admin/corrections/{id}/accept ('suggestions:review'): applies the correction through
 * the spot editor's service (409 when the spot changed since the inbox was opened, or the
 * correction was already decided) and thanks the reader.
 */
export const POST: APIRoute = ({ locals, params, request, url }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'suggestions:review');
    const { id } = parseParams(params, Params);
    const input = await readJsonBody(request, AcceptCorrectionInput);
    return json(await acceptCorrection(staff, id, input, publicOrigin(url)));
  });
export const ALL = methodNotAllowed(['POST']);
