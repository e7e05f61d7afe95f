import { sql, type SQL } from 'drizzle-orm';
import { corrections, oneEditAway, ftsExpression, highlightTerms, parseQuery, type SearchKind, type TermGroup, type TimeIntent } from '../../lib/search-query';
import { database } from '../db/database';
import { inGuide } from '../spots/spots';
import { recordMiss } from './misses';
import { KIND_CODE, highlighted, snippets, toHit, type PlainHit, type Row, type SearchHit } from './hits';

export type { SearchHit } from './hits';

/** Name, tags, text: a word in a name counts ten times one in the text (bm25 column weights). */
const WEIGHTS = sql.raw('10.0, 4.0, 1.0');
/**
 * The best matches taken from the index before their rows are read: those not public now (an event
 * that is over, an archived spot) are left out after. When that leaves fewer than CANDIDATES and the
 * index had more matches than this, the query runs again over every match, public ones only.
 */
const BEST = 1000;
/** The best public matches read before filters that need code (open now) and the page are applied. */
const CANDIDATES = 200;
/** Below this many exact matches, misspelt words are tried as their nearest indexed words too. */
const FEW = 3;

export const SEARCH_PAGE_SIZE = 20;

export interface SearchFilters {
  kind?: SearchKind | undefined;
  neighbourhood?: string | undefined;
  /** 1–4 ($–$$$$). */
  price?: number | undefined;
  open?: boolean | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

export interface SearchResult {
  query: string;
  intent: TimeIntent | null;
  /** Words the search also tried for misspelt ones ("tako" → "taco"). */
  didYouMean: string[];
  total: number;
  page: number;
  pageSize: number;
  hits: SearchHit[];
}

function kindCode(kind: SearchKind | undefined): SQL {
  if (!kind) return sql`1`;
  const code = kind === 'spot' ? KIND_CODE.spot : kind === 'event' ? KIND_CODE.event : kind === 'story' ? KIND_CODE.story : KIND_CODE.place;
  return sql`(rowid & 3) = ${code}`;
}

function placeKind(kind: SearchKind | undefined): SQL {
  return kind === 'restaurant' || kind === 'activity' ? sql`places.kind = ${kind}` : sql`1`;
}

async function candidates(match: string, filters: SearchFilters, now: Date, everyMatch = false): Promise<Row[]> {
  const db = await database();
  const neighbourhood = filters.neighbourhood
    ? sql`lower(coalesce(spots.neighbourhood, places.location, events.location, '')) = lower(${filters.neighbourhood})`
    : sql`1`;
  const price = filters.price ? sql`(spots.price_level = ${filters.price} OR length(places.price_range) = ${filters.price})` : sql`1`;
  // First the best matches from the index alone, then their rows.
  return db.all<Row>(sql`
    WITH best AS (
      SELECT rowid AS rid, bm25(search_index, ${WEIGHTS}) AS rank FROM search_index
      WHERE search_index MATCH ${match} AND ${kindCode(filters.kind)}
      ORDER BY rank ${everyMatch ? sql`` : sql`LIMIT ${BEST}`}
    )
    SELECT best.rid AS rid, best.rank AS rank,
      spots.id AS spot_id, spots.slug AS spot_slug, spots.name AS spot_name, spots.category AS spot_category,
      spots.neighbourhood AS spot_neighbourhood, spots.price_level AS spot_price,
      spots.hours AS spot_hours, coalesce(spots.thumbnail_url, '') AS spot_image,
      places.id AS place_id, places.kind AS place_kind, places.name AS place_name,
      places.location AS place_location, places.price_range AS place_price, places.hours AS place_hours, places.image AS place_image,
      places.link AS place_link, place_spot.slug AS place_spot_slug,
      events.id AS event_id, events.title AS event_title, events.location AS event_location,
      events.start_date AS event_start, events.end_date AS event_end,
      blog_posts.id AS story_id, blog_posts.title AS story_title, blog_posts.slug AS story_slug, blog_posts.hero_image AS story_hero
    FROM best
    LEFT JOIN spots ON (best.rid & 3) = 0 AND spots.id = (best.rid >> 2)
    LEFT JOIN places ON (best.rid & 3) = 1 AND places.id = (best.rid >> 2)
    LEFT JOIN spots AS place_spot ON place_spot.id = places.spot_id AND place_spot.archived_at IS NULL AND place_spot.draft = 0
    LEFT JOIN events ON (best.rid & 3) = 2 AND events.id = (best.rid >> 2)
    LEFT JOIN blog_posts ON (best.rid & 3) = 3 AND blog_posts.id = (best.rid >> 2)
    WHERE ((spots.id IS NOT NULL AND ${inGuide})
        OR (places.id IS NOT NULL AND places.archived_at IS NULL)
        OR (events.id IS NOT NULL AND events.hidden_at IS NULL AND coalesce(events.end_date, events.start_date) >= ${now.getTime()})
        OR (blog_posts.id IS NOT NULL AND blog_posts.is_published = 1))
      AND ${placeKind(filters.kind)} AND ${neighbourhood} AND ${price}
    ORDER BY best.rank
    LIMIT ${CANDIDATES}`);
}

/**
 * The public matches, best first: the index's best BEST matches, or, when they hold fewer than
 * CANDIDATES public ones and there were more matches (many past events, archived spots), every match.
 */
async function publicMatches(match: string, filters: SearchFilters, now: Date): Promise<Row[]> {
  const rows = await candidates(match, filters, now);
  if (rows.length >= CANDIDATES) return rows;
  const db = await database();
  const [more] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM search_index WHERE search_index MATCH ${match} AND ${kindCode(filters.kind)} LIMIT ${BEST + 1})`,
  );
  return (more?.n ?? 0) > BEST ? candidates(match, filters, now, true) : rows;
}

/** Indexed words near each misspelt one; groups that already match exactly are left as they are. */
export async function withCorrections(groups: TermGroup[]): Promise<{ groups: TermGroup[]; added: string[] }> {
  const db = await database();
  const added: string[] = [];
  const next: TermGroup[] = [];
  for (const group of groups) {
    const word = group.alternatives[0]?.[0];
    if (group.synonym || group.alternatives.length !== 1 || group.alternatives[0]!.length !== 1 || !word || word.length < 4) {
      next.push(group);
      continue;
    }
    // Every spelling one edit away, looked up by equality: the index reads only the words that exist.
    const spellings = [word, ...oneEditAway(word)];
    const terms = await db.all<{ term: string; doc: number }>(
      sql`SELECT term, doc FROM search_terms WHERE term IN (${sql.join(
        spellings.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
    if (terms.some((t) => t.term === word)) {
      next.push(group);
      continue;
    }
    const near = corrections(word, terms);
    added.push(...near);
    next.push({ ...group, alternatives: [[word], ...near.map((term) => [term])] });
  }
  return { groups: next, added };
}

/** One search across spots, restaurants, activities, upcoming events and published Stories. */
export async function search(rawQuery: string, filters: SearchFilters = {}, now = new Date()): Promise<SearchResult> {
  const parsed = parseQuery(rawQuery);
  const pageSize = filters.limit ?? SEARCH_PAGE_SIZE;
  const page = filters.page ?? 1;
  const empty: SearchResult = { query: parsed.normalised, intent: parsed.intent, didYouMean: [], total: 0, page, pageSize, hits: [] };
  if (!parsed.groups.length) return empty;
  let groups = parsed.groups;
  let rows = await publicMatches(ftsExpression(groups), filters, now);
  let didYouMean: string[] = [];
  if (rows.length < FEW) {
    const corrected = await withCorrections(groups);
    if (corrected.added.length) {
      groups = corrected.groups;
      didYouMean = corrected.added;
      rows = await publicMatches(ftsExpression(groups), filters, now);
    }
  }
  const terms = highlightTerms(groups);
  // A place that is also a spot is one card: the better ranked of the two stays.
  const seen = new Set<string>();
  const once = (row: Row) => {
    const slug = row.spot_slug ?? row.place_spot_slug;
    const key = slug ? `/spots/${slug}` : String(row.rid);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const unique = rows.filter(once);
  // Hours and dates in city time are worked out for every candidate only when the order or a
  // filter needs them (time words, open now); otherwise for the page sent alone.
  const needsTime = parsed.intent !== null || filters.open === true;
  let order: (Row | PlainHit)[] = needsTime ? unique.map((row) => toHit(row, parsed.intent, now)) : unique;
  if (filters.open) order = (order as PlainHit[]).filter((hit) => hit.openNow === true);
  // Rows come best first; what the time words asked for goes before the rest (a stable sort).
  if (parsed.intent) order = [...(order as PlainHit[]).filter((h) => h.inWindow), ...(order as PlainHit[]).filter((h) => !h.inWindow)];
  if (!order.length && parsed.normalised.length >= 2 && page === 1) await recordMiss(parsed.normalised, now);
  const onPage = order.slice((page - 1) * pageSize, page * pageSize).map((item) => ('kind' in item ? item : toHit(item, parsed.intent, now)));
  const texts = onPage.length ? await snippets(onPage) : new Map<number, string>();
  const shown = onPage.map((hit) => highlighted(hit, texts.get(hit.rid) ?? '', terms));
  return { ...empty, didYouMean, total: order.length, hits: shown };
}
