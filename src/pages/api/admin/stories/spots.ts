import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { embeddableSpots } from '../../../../server/content/story-spots';
import { handle, json, methodNotAllowed, parseInput } from '../../../../server/http/responses';

const Query = z.object({ q: z.string().trim().max(80, 'Search at most 80 characters').default('') });

/** GET /api/admin/stories/spots?q= ('stories:write'): spots in the guide a Story can embed, by name. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'stories:write');
    const { q } = parseInput(Query, Object.fromEntries(url.searchParams), 'query');
    return json({ spots: await embeddableSpots(q) });
  });

export const ALL = methodNotAllowed(['GET']);
