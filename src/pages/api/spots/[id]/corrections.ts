import type { APIRoute } from 'astro';
import { z } from 'zod';
import { CorrectionInput } from '../../../../lib/correction';
import { idParamSchema } from '../../../../lib/validation';
import { readFormBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { submitCorrection } from '../../../../server/spots/corrections';

const Params = z.object({ id: idParamSchema });

/** POST /api/spots/{id}/corrections (201): a reader's "Suggest an edit" or "Report closed", kept for the Corrections inbox. */
export const POST: APIRoute = ({ params, request }) =>
  handle(async () => {
    const { id } = parseParams(params, Params);
    return json(await submitCorrection(id, await readFormBody(request, CorrectionInput)), 201);
  });
export const ALL = methodNotAllowed(['POST']);
