import type { SpotCategory } from './catalog';

/**
 * The subjects our seeded artwork can show. Each says which items it may illustrate: spot
 * categories, restaurant cuisines (a restaurant's first tag), activity types (an activity's
 * first tag), and words of which at least one must appear in the item's own text, so a
 * picture never contradicts the place it stands for.
 */
export interface ArtworkSubject {
  label: string;
  spotCategories: readonly SpotCategory[];
  cuisines: readonly string[];
  activityTypes: readonly string[];
  keywords: readonly string[];
}

const subject = (label: string, spotCategories: SpotCategory[], cuisines: string[], activityTypes: string[], keywords: string[]): ArtworkSubject => ({
  label,
  spotCategories,
  cuisines,
  activityTypes,
  keywords,
});

export const ARTWORK_SUBJECTS = {
  tacos: subject('Tacos, salsa and lime', ['food'], ['Mexican'], [], ['taco', 'tortilla', 'guacamole', 'mexican', 'latin', 'cochinita']),
  'green-chile': subject('Roasted green chiles and a bowl of stew', ['food'], ['Mexican', 'Southwestern'], [], ['green chile']),
  burger: subject('Burger and fries', ['food'], ['American'], [], ['burger', 'comfort food']),
  salad: subject('Chopped salad laid out in rows', ['food'], ['American', 'Southwestern'], [], ['salad']),
  brunch: subject('Pancake stack and coffee', ['food'], ['American', 'Cafe', 'Southwestern', 'Mediterranean'], [], ['brunch', 'breakfast', 'pancake']),
  'fine-dining': subject(
    'Candlelit plated dinner with wine',
    ['food'],
    ['American', 'Italian', 'Mediterranean', 'Southwestern'],
    [],
    ['prix', 'fine dining', 'candle', 'dinner'],
  ),
  bakery: subject('Cookies, croissant and hand pie', ['food'], ['Cafe'], [], ['bakery', 'cookie', 'sweets', 'pastr', 'dessert']),
  coffee: subject('Coffee cup and pastry', ['food', 'drinks'], ['Cafe'], [], ['coffee', 'espresso']),
  pasta: subject('Bowl of pasta', ['food'], ['Italian'], [], ['pasta', 'italian', 'venetian', 'trattoria']),
  pizza: subject('Pizza', ['food'], ['Italian'], [], ['pizza']),
  steak: subject('Steak on a board', ['food'], ['Steakhouse', 'Seafood'], [], ['steak']),
  sushi: subject('Sushi and chopsticks', ['food'], ['Japanese'], [], ['sushi', 'robata', 'japanese']),
  seafood: subject('Grilled fish, shrimp and lemon', ['food'], ['Seafood', 'Mediterranean'], [], ['seafood', 'fish', 'raw bar', 'riviera', 'oyster']),
  curry: subject('Bowl of curry and rice', ['food'], ['Thai'], [], ['curry', 'thai']),
  vegetables: subject('Farm vegetables on a board', ['food'], ['Southwestern', 'American'], [], ['vegetable', 'farm']),
  bbq: subject('Barbecue brisket', ['food', 'hidden-gem'], ['Barbecue', 'American'], [], ['barbecue', 'brisket', 'bbq']),
  cocktail: subject('Cocktail glasses', ['drinks'], [], ['Nightlife'], ['cocktail', 'speakeasy', 'stirred', 'lounge', 'martini']),
  wine: subject('Wine bottle, glasses and cheese', ['drinks'], [], [], ['wine', 'vintage']),
  beer: subject('Pints of beer', ['drinks'], [], ['Nightlife'], ['beer', 'brew', 'ale', 'draft', 'taproom', 'dive']),
  distillery: subject('Copper still and whiskey', ['drinks'], [], [], ['distill', 'whiskey']),
  saloon: subject('Cowboy hat, boot and beer', ['drinks'], [], ['Nightlife'], ['cowboy', 'saloon', 'country']),
  nightclub: subject('Bottle service under party lights', ['drinks'], [], ['Nightlife'], ['dj', 'bottle service', 'club']),
  summit: subject('Trail up a desert peak', ['hike'], [], ['Outdoors', 'Tours'], ['peak', 'summit', 'climb', 'mountain', 'spire', 'thumb']),
  'desert-trail': subject('Trail through saguaros', ['hike'], [], ['Outdoors', 'Tours'], ['saguaro', 'desert', 'preserve', 'loop', 'trailhead', 'hike']),
  wash: subject('Sandy wash between boulders', ['hike'], [], ['Outdoors'], ['wash', 'canyon', 'landslide', 'boulder']),
  greenbelt: subject('Lake and path through a park', ['hike'], [], ['Outdoors'], ['lake', 'pond', 'greenbelt', 'paved path']),
  balloon: subject('Hot-air balloons over the desert', ['event'], [], ['Tours'], ['balloon']),
  jeep: subject('Off-road tour truck', ['event'], [], ['Tours'], ['off-road', 'jeep', 'hummer']),
  golf: subject('Golf green and flag', ['event'], [], ['Golf'], ['golf']),
  spa: subject('Spa stones, towel and candle', [], [], ['Spa'], ['spa', 'hammam', 'facial', 'meditation']),
  pool: subject('Resort pool with lounger and palms', [], [], ['Spa'], ['pool', 'summer', 'resort']),
  horse: subject('Arabian horse', ['event'], [], [], ['horse']),
  rodeo: subject('Rodeo arena, hat and lasso', ['event'], [], [], ['rodeo']),
  architecture: subject('Desert architecture of stone and redwood beams', ['hidden-gem'], [], ['Tours'], ['architecture', 'wright', 'taliesin']),
  museum: subject('Museum pottery and Western painting', ['hidden-gem'], [], ['Museums'], ['museum', 'pottery', 'western']),
  skyspace: subject('Skyspace with an opening to the sky', ['hidden-gem'], [], ['Museums'], ['skyspace', 'turrell']),
  gallery: subject('Easel, paintings and palette', ['hidden-gem', 'event'], [], ['Classes'], ['art', 'gallery', 'studio', 'painting', 'printmaking']),
  windbells: subject('Bronze windbells', ['hidden-gem'], [], ['Shopping'], ['windbell', 'bell']),
  bridge: subject('Pylon bridge over the canal', ['hidden-gem'], [], [], ['bridge']),
  train: subject('Miniature steam train', ['hidden-gem'], [], ['Museums'], ['train', 'railroad']),
  books: subject('Bookshelves and a magnifying glass', ['hidden-gem'], [], [], ['book']),
  aquarium: subject('Aquarium tank with fish', [], [], ['Museums'], ['aquarium']),
  butterflies: subject('Butterflies over flowers', [], [], ['Museums'], ['butterfl']),
  shopping: subject('Shopping bags and storefronts', [], [], ['Shopping'], ['shopping', 'mall', 'luxury']),
  market: subject('Farmers market stalls and produce', ['event'], [], [], ['market']),
  'light-art': subject('Light installations over the canal at night', ['event'], [], [], ['light', 'projection']),
  'classic-car': subject('Classic car on the auction stage', ['event'], [], [], ['car', 'auction']),
  concert: subject('Stage, lights and audience', ['event'], [], [], ['concert', 'music', 'performing', 'jazz']),
} as const satisfies Record<string, ArtworkSubject>;

export type ArtworkSubjectId = keyof typeof ARTWORK_SUBJECTS;

export const ARTWORK_SUBJECT_IDS = Object.keys(ARTWORK_SUBJECTS) as ArtworkSubjectId[];

/** The rooms a place may be drawn in, behind its subject (drawn by scripts/artwork/settings.ts). */
export const ARTWORK_SETTING_IDS = [
  'hearth',
  'piano',
  'rooftop',
  'counter',
  'neon-cactus',
  'neon-wave',
  'adobe',
  'papel-picado',
  'back-bar',
  'wine-wall',
  'jazz',
  'garage',
  'riviera',
  'hammam',
  'camelback-window',
  'mid-century',
  'atrium',
  'print-shop',
] as const;
export type ArtworkSettingId = (typeof ARTWORK_SETTING_IDS)[number];

/** The table tops a dish may stand on. */
export type ArtworkSurface = 'terracotta' | 'wood' | 'tile' | 'linen' | 'bar';

/** What a subject is checked against: a seeded spot, restaurant, activity or story. */
export type ArtworkItem =
  { kind: 'spot'; category: SpotCategory; text: string } | { kind: 'restaurant' | 'activity'; tags: readonly string[]; text: string } | { kind: 'story'; text: string };

/** True when the subject may illustrate the item: its category, cuisine or type is listed, and one of its words is in the item's text. */
export function subjectFits(id: ArtworkSubjectId, item: ArtworkItem): boolean {
  const s: ArtworkSubject = ARTWORK_SUBJECTS[id];
  const named = s.keywords.some((k) => new RegExp(`\\b${k}`, 'i').test(item.text));
  if (item.kind === 'spot') return named && s.spotCategories.includes(item.category);
  if (item.kind === 'restaurant') return named && s.cuisines.includes(item.tags[0] ?? '');
  if (item.kind === 'activity') return named && s.activityTypes.includes(item.tags[0] ?? '');
  return named;
}
