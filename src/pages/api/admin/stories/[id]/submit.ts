import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/submit ('stories:write'), with the `version` the editor saw. */
export const { POST, ALL } = transitionRoute('submit', 'stories:write') satisfies { POST: APIRoute; ALL: APIRoute };
