import type { APIRoute } from 'astro';
import { errorJson } from '../../server/http/responses';

/** Unknown API paths answer JSON, never the HTML not-found page. */
export const ALL: APIRoute = ({ url }) => errorJson(404, `No API endpoint at ${url.pathname}`);
