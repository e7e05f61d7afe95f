import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/publish ('stories:publish'), with the `version` the editor saw. */
export const { POST, ALL } = transitionRoute('publish', 'stories:publish') satisfies { POST: APIRoute; ALL: APIRoute };
