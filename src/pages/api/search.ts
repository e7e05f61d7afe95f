import type { APIRoute } from 'astro';
import { SearchQuery } from '../../lib/search-input';
import { handle, json, methodNotAllowed, parseQuery } from '../../server/http/responses';
import { search } from '../../server/search/search';

/**
 * One search across the guide. The answer is the same for every visitor (results carry only what
 * any card shows), so the shared cache keeps popular queries; an answer with no results is not
 * kept, so each miss reaches the server and is counted for editors.
 */
export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { q, open, ...filters } = parseQuery(url, SearchQuery);
    const result = await search(q, { ...filters, open: open !== undefined });
    return json(result, result.total ? 200 : { status: 200, headers: { 'Cache-Control': 'no-store' } });
  });
export const ALL = methodNotAllowed(['GET']);
