import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../../../lib/validation';
import { requireStaff } from '../../../../../../../server/admin/permissions';
import { readStoryBody } from '../../../../../../../server/content/stories-editorial-http';
import { restoreRevision, TransitionBody } from '../../../../../../../server/content/stories-editorial-states';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../../../server/http/responses';

const Params = z.object({ id: idParamSchema, revision: idParamSchema });

/** POST /api/admin/stories/{id}/revisions/{revision}/restore ('stories:write'): brings that text back as a new save. */
export const POST: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'stories:write');
    const { id, revision } = parseParams(params, Params);
    const { version } = await readStoryBody(request, TransitionBody.strict());
    return json({ story: await restoreRevision(staff, id, revision, version) });
  });

export const ALL = methodNotAllowed(['POST']);
