import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { storyVersion } from '../../../../../server/content/stories-editorial-revisions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** GET /api/admin/stories/{id}/version ('stories:write'): the saved version and who saved it, polled by the open editor. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'stories:write');
    const { id } = parseParams(params, Params);
    return json(await storyVersion(id));
  });

export const ALL = methodNotAllowed(['GET']);
