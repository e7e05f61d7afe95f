import type { APIRoute } from 'astro';
import { z } from 'zod';
import { STORY_STATES } from '../../../../lib/catalog';
import { requireStaff } from '../../../../server/admin/permissions';
import { createStory, StoryFields, studioStories } from '../../../../server/content/stories-editorial';
import { readStoryBody } from '../../../../server/content/stories-editorial-http';
import { handle, json, methodNotAllowed, parseQuery } from '../../../../server/http/responses';

const Query = z.object({ status: z.enum(STORY_STATES, { error: `status must be one of: ${STORY_STATES.join(', ')}` }).optional() });

/** GET /api/admin/stories ('stories:write'): every Story the studio lists, newest change first. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'stories:write');
    return json({ stories: await studioStories(parseQuery(url, Query)) });
  });

/** POST /api/admin/stories ('stories:write'): a new draft (201); 409 when the slug is taken. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'stories:write');
    const input = await readStoryBody(request, StoryFields.strict());
    return json({ story: await createStory(staff, input) }, 201);
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
