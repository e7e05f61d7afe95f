import { z } from 'zod';
import { SEARCH_KINDS } from './search-query';

/** The search's query string, for the API and the /search page alike. */
export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
  kind: z.enum(SEARCH_KINDS).optional(),
  neighbourhood: z.string().trim().min(1).max(60).optional(),
  price: z.coerce.number().int().min(1).max(4).optional(),
  open: z.enum(['1', 'true']).optional(),
  page: z.coerce.number().int().min(1).max(50).default(1),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});
export type SearchQueryInput = z.infer<typeof SearchQuery>;
