import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { studioStory } from '../../../../../server/content/stories-editorial';
import { storyRevisionList } from '../../../../../server/content/stories-editorial-revisions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** GET /api/admin/stories/{id}/revisions ('stories:write'): newest first, each with its text to compare. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'stories:write');
    const { id } = parseParams(params, Params);
    await studioStory(id);
    return json({ revisions: await storyRevisionList(id) });
  });

export const ALL = methodNotAllowed(['GET']);
