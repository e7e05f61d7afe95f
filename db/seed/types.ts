import type { PlaceKind, SpotCategory, SpotTag, StoryCategory } from '../../src/lib/catalog';

/** A curated spot as written in the seed. Images default to the category image when omitted. */
export interface SeedSpot {
  name: string;
  category: SpotCategory;
  description: string;
  /** Absolute Google Maps search or place link. */
  mapsUrl: string;
  website?: string;
  /** 1 = shown in Featured Spots. */
  featured: 0 | 1;
  viewCount: number;
  lovedCount: number;
  visitedCount: number;
  suggestionCount: number;
  tags: SpotTag[];
  /** Days before the seed day the spot was added (drives "Newest"). */
  addedDaysAgo: number;
}

/** A story. `content` is HTML-light text: paragraphs separated by blank lines, may contain <strong>, <em>, <a href>. */
export interface SeedStory {
  title: string;
  slug: string;
  author: string;
  heroImage?: string;
  excerpt?: string;
  content: string;
  category: StoryCategory;
  tags: string[];
  isFeatured: boolean;
  isPublished: boolean;
  publishedDaysAgo: number;
}

/** An event placed relative to the Sunday that starts the week of the seed day. */
export interface SeedEvent {
  title: string;
  description: string;
  /** 0..27: days after the Sunday of the current week (city time). */
  dayOffset: number;
  /** Local start time in America/Phoenix, "HH:MM" 24h. */
  startTime: string;
  durationHours: number;
  location: string;
  link: string;
  eventType: string;
  tags: string[];
  isTrending: boolean;
  isNewThisWeek: boolean;
}

/** A restaurant or activity from the travel-review list (read only). */
export interface SeedPlace {
  kind: PlaceKind;
  name: string;
  rating: number;
  location: string;
  tags: string[];
  link: string;
  image: string;
  priceRange: '$' | '$$' | '$$$' | '$$$$';
  openingStatus: string;
  reviewCount: string;
  highlight: string;
  reservationAvailable: boolean;
}
