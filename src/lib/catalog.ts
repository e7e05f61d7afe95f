/** The product's fixed vocabularies (spec §2, §3). One list each, imported everywhere. */

export const SPOT_CATEGORIES = ['food', 'drinks', 'hike', 'hidden-gem', 'event'] as const;
export type SpotCategory = (typeof SPOT_CATEGORIES)[number];

export const SPOT_CATEGORY_LABELS: Record<SpotCategory, string> = {
  food: 'Food',
  drinks: 'Drinks',
  hike: 'Hike',
  'hidden-gem': 'Hidden Gem',
  event: 'Event',
};

/** Shown when a spot has no thumbnail of its own. */
export const SPOT_DEFAULT_IMAGES: Record<SpotCategory, string> = {
  food: '/images/spots/food.svg',
  drinks: '/images/spots/drinks.svg',
  hike: '/images/spots/hike.svg',
  'hidden-gem': '/images/spots/hidden-gem.svg',
  event: '/images/spots/event.svg',
};

export const SPOT_TAGS = [
  'New',
  'Overrated',
  'Date Night',
  'Hidden Gem',
  'Trending',
  'Local Favorite',
  'Instagram Worthy',
  'Family Friendly',
  'Pricey',
  'Budget Friendly',
] as const;
export type SpotTag = (typeof SPOT_TAGS)[number];

export const STORY_CATEGORIES = ['Hidden Gem', 'Date Night', 'Local Legend', 'Food Spotlight', 'Weekend Guide', 'New Opening'] as const;
export type StoryCategory = (typeof STORY_CATEGORIES)[number];

/** A Story's states; only 'published' is public (src/server/content/blog.ts). */
export const STORY_STATES = ['draft', 'review', 'scheduled', 'published', 'unpublished', 'archived'] as const;
export type StoryState = (typeof STORY_STATES)[number];

/** URL form of a story category: 'Food Spotlight' -> 'food-spotlight'. */
export function storyCategorySlug(category: StoryCategory): string {
  return category.toLowerCase().replace(/\s+/g, '-');
}

/** Accepts a category label ('Date Night') or its URL form ('date-night'), any case. */
export function parseStoryCategory(input: string): StoryCategory | null {
  const wanted = input
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  return STORY_CATEGORIES.find((c) => storyCategorySlug(c) === wanted) ?? null;
}

export const PLACE_KINDS = ['restaurant', 'activity'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
