/** Fuzzy search of the restaurants and activities list (spec §5). */

/**
 * Case-insensitive: an empty query matches everything; otherwise the query matches
 * as a substring, or when its letters (whitespace ignored) appear in order in `text`.
 */
export function fuzzyMatches(query: string, text: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return true;
  const haystack = text.toLowerCase();
  if (haystack.includes(wanted)) return true;

  const letters = wanted.replace(/\s+/g, '');
  let at = 0;
  for (const char of haystack) {
    if (char === letters[at]) at += 1;
    if (at === letters.length) return true;
  }
  return false;
}

export interface SearchablePlace {
  name: string;
  tags: readonly string[];
  highlight: string;
}

/** A restaurant or activity matches on its name, any tag, or its highlight. */
export function placeMatchesQuery(place: SearchablePlace, query: string): boolean {
  if (query.trim() === '') return true;
  return fuzzyMatches(query, place.name) || place.tags.some((tag) => fuzzyMatches(query, tag)) || fuzzyMatches(query, place.highlight);
}
