import { SPOT_CATEGORY_LABELS, SPOT_DEFAULT_IMAGES, type SpotCategory } from './catalog';
import { LOCALS_RECOMMENDED_MIN_SUGGESTIONS, TRENDING_MIN_VIEWS } from './constants';

interface DisplayedSpot {
  category: SpotCategory;
  thumbnailUrl: string | null;
  viewCount: number;
  suggestionCount: number;
  tags: readonly string[];
}

/** The card image: the spot's thumbnail, else the category's default picture. */
export function spotCardImage(spot: Pick<DisplayedSpot, 'category' | 'thumbnailUrl'>): string {
  return spot.thumbnailUrl || SPOT_DEFAULT_IMAGES[spot.category];
}

export function categoryLabel(category: SpotCategory): string {
  return SPOT_CATEGORY_LABELS[category];
}

export function isTrending(spot: Pick<DisplayedSpot, 'viewCount'>): boolean {
  return spot.viewCount >= TRENDING_MIN_VIEWS;
}

export function isLocalsRecommended(spot: Pick<DisplayedSpot, 'suggestionCount'>): boolean {
  return spot.suggestionCount >= LOCALS_RECOMMENDED_MIN_SUGGESTIONS;
}

/** The first `shown` tags and how many more there are ("+N"). */
export function visibleTags(tags: readonly string[], shown: number): { tags: string[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}
