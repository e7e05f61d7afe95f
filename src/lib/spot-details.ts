import type { SpotCategory } from './catalog';
import type { Photo } from './photo';

/** The practical block of a spot page: when to go, where to park, what to order or bring. */
export interface KnowBeforeYouGo {
  bestTime: string;
  parking: string;
  bring: string;
}

/** A card of a spot page's "More nearby": public fields only, and how far it is. */
export interface NearbySpot {
  slug: string;
  name: string;
  category: SpotCategory;
  neighbourhood: string | null;
  hook: string | null;
  imageUrl: string;
  thumbnailUrl: string | null;
  photo: Photo | null;
  priceLevel: number | null;
  miles: number;
}

/** 1–4 → `$`–`$$$$`. */
export function priceLabel(level: number | null | undefined): string | null {
  return level && level >= 1 && level <= 4 ? '$'.repeat(level) : null;
}

/**
 * The spot page's slug from its name: lower case, accents dropped, `&` as "and", apostrophes
 * removed, anything else between words a single hyphen. `Tom's Thumb Trail` → `toms-thumb-trail`.
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'spot';
}
