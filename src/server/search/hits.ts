import { sql } from 'drizzle-orm';
import type { OpeningHours } from '../../lib/opening-hours';
import { isOpenAt } from '../../lib/opening-hours';
import { cityDayKey, weekOf } from '../../lib/city-time';
import { spotTeaser } from '../../lib/spot-teaser';
import { SPOT_DEFAULT_IMAGES, type SpotCategory } from '../../lib/catalog';
import { highlight, intentWindow, type SearchKind, type TimeIntent } from '../../lib/search-query';
import { database } from '../db/database';

// A search's rows as results: the public face of a card, its line of text, highlighted.

/** rowid = id * 4 + kind code in the index (migration search_index). */
export const KIND_CODE = { spot: 0, place: 1, event: 2, story: 3 } as const;

/** One result: the public face of a card (what every visitor's card shows), never a premium field. */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  /** The title as HTML: escaped, matched words in <mark>. */
  titleHtml: string;
  /** A line of public text as HTML, escaped and highlighted. */
  snippetHtml: string;
  url: string;
  image: string | null;
  neighbourhood: string | null;
  price: string | null;
  /** Places and spots with hours: open at the time of the search. */
  openNow: boolean | null;
  /** Events: when it starts. */
  startsAt: string | null;
  /** Matches what the query's time words asked for (open now, tonight, this weekend). */
  inWindow: boolean;
}

export interface Row {
  rid: number;
  rank: number;
  spot_id: number | null;
  spot_slug: string | null;
  spot_name: string | null;
  spot_category: SpotCategory | null;
  spot_neighbourhood: string | null;
  spot_price: number | null;
  spot_hours: string | null;
  spot_image: string | null;
  place_id: number | null;
  place_kind: 'restaurant' | 'activity' | null;
  place_name: string | null;
  place_location: string | null;
  place_price: string | null;
  place_hours: string | null;
  place_image: string | null;
  place_link: string | null;
  place_spot_slug: string | null;
  event_id: number | null;
  event_title: string | null;
  event_location: string | null;
  event_start: number | null;
  event_end: number | null;
  story_id: number | null;
  story_title: string | null;
  story_slug: string | null;
  story_hero: string | null;
}

function parseHours(text: string | null): OpeningHours | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as OpeningHours;
  } catch {
    return null;
  }
}

const STRIP_TAGS = /<[^>]*>?/g;
function plain(text: string): string {
  return text
    .replace(STRIP_TAGS, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39|apos|nbsp);/g,
      (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&nbsp;': ' ' })[entity]!,
    )
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
}

/** At most `length` characters of the text, starting near the first matched word. */
function excerpt(text: string, terms: string[], length = 160): string {
  const lower = text.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const first = at.length ? Math.min(...at) : 0;
  const start = first > length / 2 ? lower.lastIndexOf(' ', first - 40) + 1 : 0;
  const cut = text.slice(start, start + length);
  return `${start > 0 ? '…' : ''}${cut}${start + length < text.length ? '…' : ''}`;
}

export type PlainHit = Omit<SearchHit, 'titleHtml' | 'snippetHtml'> & { rid: number };

/** A row as a result, before highlighting (done only for the page sent). */
export function toHit(row: Row, intent: TimeIntent | null, now: Date): PlainHit {
  const window = intent ? intentWindow(intent, now) : null;
  const base = { rid: row.rid, inWindow: false, openNow: null, startsAt: null, price: null, neighbourhood: null, image: null };
  let hit: PlainHit;
  if (row.spot_id !== null) {
    const hours = parseHours(row.spot_hours);
    hit = {
      ...base,
      kind: 'spot',
      id: row.spot_id,
      title: row.spot_name!,
      url: `/spots/${row.spot_slug}`,
      image: row.spot_image || SPOT_DEFAULT_IMAGES[row.spot_category!],
      neighbourhood: row.spot_neighbourhood,
      price: row.spot_price ? '$'.repeat(row.spot_price) : null,
      openNow: hours ? isOpenAt(hours, now) : null,
    };
  } else if (row.place_id !== null) {
    const hours = parseHours(row.place_hours);
    hit = {
      ...base,
      kind: row.place_kind!,
      id: row.place_id,
      title: row.place_name!,
      url: row.place_spot_slug ? `/spots/${row.place_spot_slug}` : `/spots?tab=${row.place_kind === 'restaurant' ? 'restaurants' : 'activities'}`,
      image: row.place_image,
      neighbourhood: row.place_location,
      price: row.place_price,
      openNow: hours ? isOpenAt(hours, now) : null,
    };
  } else if (row.event_id !== null) {
    const start = new Date(row.event_start!);
    const end = new Date(row.event_end ?? row.event_start!);
    hit = {
      ...base,
      kind: 'event',
      id: row.event_id,
      title: row.event_title!,
      url: `/events?week=${cityDayKey(weekOf(start))}`,
      neighbourhood: row.event_location,
      startsAt: start.toISOString(),
      inWindow: window !== null && start < window.to && end >= window.from,
    };
  } else {
    hit = {
      ...base,
      kind: 'story',
      id: row.story_id!,
      title: row.story_title!,
      url: `/blog/${row.story_slug}`,
      image: row.story_hero,
    };
  }
  if (intent === 'open-now' || (window && hit.kind !== 'event')) hit.inWindow = hit.openNow === true;
  return hit;
}

/**
 * The line of text under each title, read only for the page sent (the candidates carry none, so a
 * remote database sends a few hundred short rows, not their text): the spot's hook or teaser, the
 * place's highlight, the event's description, the Story's excerpt.
 */
export async function snippets(hits: PlainHit[]): Promise<Map<number, string>> {
  const ids = (code: number) => {
    const list = hits.filter((hit) => (hit.rid & 3) === code).map((hit) => sql`${hit.rid >> 2}`);
    return list.length ? sql.join(list, sql`, `) : sql`NULL`;
  };
  const db = await database();
  const rows = await db.all<{ rid: number; text: string | null; teaser: string | null }>(sql`
    SELECT id * 4 AS rid, hook AS text, substr(description, 1, 120) AS teaser FROM spots WHERE id IN (${ids(KIND_CODE.spot)})
    UNION ALL SELECT id * 4 + 1, highlight, NULL FROM places WHERE id IN (${ids(KIND_CODE.place)})
    UNION ALL SELECT id * 4 + 2, substr(description, 1, 300), NULL FROM events WHERE id IN (${ids(KIND_CODE.event)})
    UNION ALL SELECT id * 4 + 3, coalesce(nullif(excerpt, ''), substr(coalesce(plain_text, content), 1, 400), ''), NULL FROM blog_posts WHERE id IN (${ids(KIND_CODE.story)})`);
  return new Map(rows.map((row) => [row.rid, (row.rid & 3) === KIND_CODE.spot ? row.text || spotTeaser(row.teaser ?? '') : plain(row.text ?? '')]));
}

export function highlighted({ rid: _rid, ...hit }: PlainHit, snippet: string, terms: string[]): SearchHit {
  return { ...hit, titleHtml: highlight(hit.title, terms), snippetHtml: highlight(excerpt(snippet, terms), terms) };
}
