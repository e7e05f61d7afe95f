import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/schedule ('stories:publish'): `at` is a date and time in Scottsdale, in the future. */
const route = transitionRoute('schedule', 'stories:publish');
export const POST: APIRoute = route.POST;
export const ALL: APIRoute = route.ALL;
