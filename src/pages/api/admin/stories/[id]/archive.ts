import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/archive ('stories:publish'), with the `version` the editor saw. */
const route = transitionRoute('archive', 'stories:publish');
export const POST: APIRoute = route.POST;
export const ALL: APIRoute = route.ALL;
