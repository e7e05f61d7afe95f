import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { siteOrigin } from '../../../../../server/content/site-map';
import { studioStory } from '../../../../../server/content/stories-editorial';
import { previewLink } from '../../../../../server/content/stories-editorial-preview';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** POST /api/admin/stories/{id}/preview ('stories:write'): a secret link to the Story as it now is, valid 48 hours. */
export const POST: APIRoute = ({ locals, params, url }) =>
  handle(async () => {
    requireStaff(locals, 'stories:write');
    const { id } = parseParams(params, Params);
    await studioStory(id);
    return json(previewLink(siteOrigin(url), id));
  });

export const ALL = methodNotAllowed(['POST']);
