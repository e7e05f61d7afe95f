/** Calendar tags derived on the client from an event's title and description (spec §3). */

export const EVENT_TAGS = ['Live Music', 'Food Truck', 'Family Friendly', 'Art', 'Market', 'Fitness', 'Entertainment', 'Community'] as const;
export type EventTag = (typeof EVENT_TAGS)[number];

/** The fallback tag when no keyword matches. */
const FALLBACK_TAG: EventTag = 'Community';

const EVENT_TAG_KEYWORDS: Record<Exclude<EventTag, 'Community'>, readonly string[]> = {
  'Live Music': ['music', 'concert', 'band', 'jazz', 'live music', 'dj', 'symphony', 'orchestra'],
  'Food Truck': ['food truck', 'food trucks'],
  'Family Friendly': ['family', 'kids', 'children', 'all ages'],
  Art: ['art', 'arts', 'artwalk', 'art walk', 'gallery', 'galleries', 'artist', 'artists', 'exhibit', 'exhibition'],
  Market: ['market', 'markets', 'farmers market', 'bazaar', 'fair'],
  Fitness: ['yoga', 'run', '5k', 'fitness', 'hike', 'workout', 'bootcamp', 'cycling'],
  Entertainment: ['comedy', 'show', 'theater', 'theatre', 'film', 'movie', 'performance'],
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Whole words only, so 'start' is not Art and 'brunch' is not Fitness.
const TAG_PATTERNS = (Object.entries(EVENT_TAG_KEYWORDS) as [EventTag, readonly string[]][]).map(([tag, keywords]) => {
  const words = keywords.map((k) => escapeRegExp(k).replace(/ /g, '\\s+')).join('|');
  return { tag, pattern: new RegExp(`\\b(?:${words})\\b`, 'i') };
});

export interface TaggableEvent {
  title: string;
  description?: string | null;
}

/** Tags in EVENT_TAGS order, without duplicates; ['Community'] when nothing matches. */
export function deriveEventTags(event: TaggableEvent): EventTag[] {
  const text = `${event.title}\n${event.description ?? ''}`;
  const matched = new Set(TAG_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ tag }) => tag));
  const tags = EVENT_TAGS.filter((tag) => matched.has(tag));
  return tags.length > 0 ? tags : [FALLBACK_TAG];
}
