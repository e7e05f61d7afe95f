import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/submit ('stories:write'), with the `version` the editor saw. */
const route = transitionRoute('submit', 'stories:write');
export const POST: APIRoute = route.POST;
export const ALL: APIRoute = route.ALL;
