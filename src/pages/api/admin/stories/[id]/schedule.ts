import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/schedule ('stories:publish'): `at` is a date and time in Scottsdale, in the future. */
export const { POST, ALL } = transitionRoute('schedule', 'stories:publish') satisfies { POST: APIRoute; ALL: APIRoute };
