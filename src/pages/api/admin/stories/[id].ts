import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { requireStaff } from '../../../../server/admin/permissions';
import { deleteStory, StoryUpdate, studioStory, updateStory } from '../../../../server/content/stories-editorial';
import { readStoryBody } from '../../../../server/content/stories-editorial-http';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** GET /api/admin/stories/{id} ('stories:write'): the Story with every field and its version. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'stories:write');
    const { id } = parseParams(params, Params);
    return json({ story: await studioStory(id) });
  });

/**
 * PATCH /api/admin/stories/{id} ('stories:write'): saves the fields sent, against the `version`
 * the writer opened (409 when someone saved in between; 403 for a Contributor on a Story past review).
 */
export const PATCH: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'stories:write');
    const { id } = parseParams(params, Params);
    const input = await readStoryBody(request, StoryUpdate.strict());
    return json({ story: await updateStory(staff, id, input) });
  });

/** DELETE /api/admin/stories/{id} ('stories:delete'): removes the Story for good. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'stories:delete');
    const { id } = parseParams(params, Params);
    return json(await deleteStory(staff, id));
  });

export const ALL = methodNotAllowed(['GET', 'PATCH', 'DELETE']);
