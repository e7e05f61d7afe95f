import type { APIRoute } from 'astro';
import { transitionRoute } from '../../../../../server/content/stories-editorial-routes';

/** POST /api/admin/stories/{id}/archive ('stories:publish'), with the `version` the editor saw. */
export const { POST, ALL } = transitionRoute('archive', 'stories:publish') satisfies { POST: APIRoute; ALL: APIRoute };
