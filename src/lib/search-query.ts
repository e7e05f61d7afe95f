import { cityDateTime, cityDayStart, inCity } from './city-time';

/** What a search can be narrowed to: the guide's own kinds of card. */
export const SEARCH_KINDS = ['spot', 'restaurant', 'activity', 'event', 'story'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  spot: 'Spots',
  restaurant: 'Restaurants',
  activity: 'Activities',
  event: 'Events',
  story: 'Stories',
};

export const SEARCH_QUERY_MAX = 100;

/** When a query asks for something happening or open: understood in Scottsdale time. */
export type TimeIntent = 'open-now' | 'tonight' | 'today' | 'this-weekend';

/** The city's words for the same thing: a query for one also finds the others. */
export const SYNONYMS: string[][] = [
  ['bbq', 'barbecue', 'barbeque', 'smokehouse'],
  ['hike', 'trail', 'hiking'],
  ['happy hour', 'drink specials'],
  ['patio', 'outdoor seating', 'terrace'],
  ['dog friendly', 'pet friendly', 'dogs welcome'],
  ['kid friendly', 'family friendly', 'kids'],
  ['old town', 'oldtown', 'downtown scottsdale'],
  ['north scottsdale', 'n scottsdale'],
  ['coffee', 'cafe', 'espresso'],
  ['brunch', 'breakfast'],
  ['taco', 'taqueria'],
  ['live music', 'concert', 'gig'],
];

const INTENTS: [RegExp, TimeIntent][] = [
  [/\bopen now\b/, 'open-now'],
  [/\btonight\b/, 'tonight'],
  [/\btoday\b/, 'today'],
  [/\bthis weekend\b/, 'this-weekend'],
];

/** Words that narrow nothing in a guide search; leaving them out keeps "tacos in old town" matching. */
const STOP_WORDS = new Set(['a', 'an', 'the', 'in', 'at', 'of', 'for', 'and', 'with', 'near', 'to', 'on', 'me', 'my', 'best', 'good', 'some']);

/** One search term: the alternatives any of which may match (a word, a phrase, its synonyms). */
export interface TermGroup {
  /** Each alternative as its words. */
  alternatives: string[][];
  /** The last word typed without a space after it: matched as a prefix. */
  prefix: boolean;
  /** Came from a synonym: no spelling correction is tried on it. */
  synonym: boolean;
}

export interface ParsedQuery {
  /** Lower case, accents and punctuation gone, single spaces: the form misses are counted under. */
  normalised: string;
  intent: TimeIntent | null;
  groups: TermGroup[];
}

/** Lower case, no accents, letters and digits separated by single spaces. */
export function normaliseQuery(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, SEARCH_QUERY_MAX)
    .trim();
}

export function parseQuery(raw: string): ParsedQuery {
  const normalised = normaliseQuery(raw);
  let typingLastWord = normalised.length > 0 && /[\p{L}\p{N}]$/u.test(raw);
  let rest = normalised;
  let intent: TimeIntent | null = null;
  for (const [pattern, name] of INTENTS) {
    if (pattern.test(rest)) {
      // A query that is only the time words ("tonight") still searches for them.
      const without = rest.replace(pattern, ' ').replace(/\s+/g, ' ').trim();
      if (without) {
        intent ??= name;
        // "jazz this weekend": the word before the time words was finished.
        if (new RegExp(`${pattern.source}$`).test(rest)) typingLastWord = false;
        rest = without;
      }
    }
  }
  const words = rest.split(' ').filter(Boolean);
  const groups: TermGroup[] = [];
  for (let i = 0; i < words.length;) {
    const match = synonymAt(words, i);
    if (match) {
      groups.push({ alternatives: match.group.map((phrase) => phrase.split(' ')), prefix: false, synonym: true });
      i += match.length;
      continue;
    }
    const word = words[i]!;
    const last = i === words.length - 1;
    if (!STOP_WORDS.has(word) || words.length === 1) groups.push({ alternatives: [[word]], prefix: last && typingLastWord, synonym: false });
    i += 1;
  }
  return { normalised, intent, groups };
}

/** The synonym group whose phrase starts at words[i] (the longest), with how many words it took. */
function synonymAt(words: string[], i: number): { group: string[]; length: number } | null {
  let best: { group: string[]; length: number } | null = null;
  for (const group of SYNONYMS) {
    for (const phrase of group) {
      const parts = phrase.split(' ');
      if (parts.every((part, k) => words[i + k] === part || words[i + k] === `${part}s`) && (!best || parts.length > best.length)) {
        best = { group, length: parts.length };
      }
    }
  }
  return best;
}

/** FTS5's query language for the groups: every group must match, any alternative of one may. */
export function ftsExpression(groups: TermGroup[]): string {
  return groups
    .map((group) => {
      const options = group.alternatives.map((words) => `"${words.join(' ')}"${group.prefix ? '*' : ''}`);
      return options.length === 1 ? options[0] : `(${options.join(' OR ')})`;
    })
    .join(' AND ');
}

/** The words results are highlighted by: every alternative's words. */
export function highlightTerms(groups: TermGroup[]): string[] {
  return [...new Set(groups.flatMap((group) => group.alternatives.flat()))];
}

/** [from, to) of a time intent, in Scottsdale time; null for "open now" (a place's own hours decide). */
export function intentWindow(intent: TimeIntent, now: Date): { from: Date; to: Date } | null {
  const today = cityDayStart(now);
  if (intent === 'open-now') return null;
  if (intent === 'today') return { from: now, to: cityDateTime(today, 1, '00:00') };
  if (intent === 'tonight') {
    const evening = cityDateTime(today, 0, '17:00');
    return { from: now > evening ? now : evening, to: cityDateTime(today, 1, '03:00') };
  }
  // This weekend: Friday 17:00 to Sunday's end; from Friday evening on, the rest of it.
  const weekday = inCity(now).getDay();
  const toFriday = weekday === 0 ? -2 : 5 - weekday;
  const start = cityDateTime(today, toFriday, '17:00');
  const end = cityDateTime(today, toFriday + 3, '00:00');
  return { from: now > start ? now : start, to: end };
}

/** Letters that sound alike in English spelling: swapping one for the other costs half an edit (tako ~ taco). */
const SOUND_ALIKE = new Set(['ck', 'kc', 'cs', 'sc', 'sz', 'zs', 'iy', 'yi', 'qk', 'kq', 'vw', 'wv']);

/**
 * Edit distance with adjacent swaps counted once (Damerau–Levenshtein, optimal string alignment),
 * and a sound-alike letter (c/k, s/z, i/y) half an edit.
 */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : SOUND_ALIKE.has(`${a[i - 1]}${b[j - 1]}`) ? 0.5 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a word of this length may be off by and still be taken for another. */
export function typoAllowance(word: string): number {
  return word.length < 4 ? 0 : 1;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every string one deletion, swap of neighbours, replacement or insertion away from the word. */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) out.add(head + letter + tail.slice(1));
      out.add(head + letter + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/** The indexed terms a misspelt word most likely meant: only the nearest ones, the most used first. */
export function corrections(word: string, terms: { term: string; doc: number }[], max = 2): string[] {
  const allowance = typoAllowance(word);
  if (allowance === 0) return [];
  const near = terms
    .map((t) => ({ ...t, distance: t.term === word ? 0 : editDistance(word, t.term, allowance) }))
    .filter((t) => t.distance > 0 && t.distance <= allowance)
    .sort((a, b) => a.distance - b.distance || b.doc - a.doc || a.term.localeCompare(b.term));
  return near
    .filter((t) => t.distance === near[0]!.distance)
    .slice(0, max)
    .map((t) => t.term);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A word matches a term when they share a start as long as the term but one (tacos ~ taco, hiking ~ hike). */
function wordMatches(word: string, term: string): boolean {
  if (word.startsWith(term)) return true;
  let common = 0;
  while (common < word.length && common < term.length && word[common] === term[common]) common++;
  return common >= 3 && common >= term.length - 1 && common >= word.length - 3;
}

/** The text as HTML: escaped, with the words the query matched in <mark>. */
export function highlight(text: string, terms: string[]): string {
  if (!terms.length) return escapeHtml(text);
  return text
    .split(/([\p{L}\p{N}]+)/u)
    .map((part, i) => {
      if (i % 2 === 0) return escapeHtml(part);
      const plain = normaliseQuery(part);
      return terms.some((term) => wordMatches(plain, term)) ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part);
    })
    .join('');
}
