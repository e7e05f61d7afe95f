import type { ArtworkSubjectId } from '../../src/lib/artwork-subjects';
import { slugFromName } from '../../src/lib/spot-details';

export type ArtworkTime = 'morning' | 'noon' | 'golden' | 'sunrise' | 'dusk' | 'night';

/** What a seeded item's picture shows: its subject, and optionally a drawing variant and the time of day. */
export interface ArtworkSpec {
  subject: ArtworkSubjectId;
  variant?: string;
  time?: ArtworkTime;
}

const a = (subject: ArtworkSubjectId, variant?: string, time?: ArtworkTime): ArtworkSpec => ({ subject, variant, time });

/** Seeded spots, by exact name. */
export const spotArtwork: Record<string, ArtworkSpec> = {
  'The Mission': a('tacos', 'guacamole', 'dusk'),
  FnB: a('vegetables'),
  'Citizen Public House': a('salad'),
  'Hash Kitchen': a('brunch'),
  'Cafe Monarch': a('fine-dining', 'lights', 'night'),
  'Los Sombreros': a('tacos', 'mezcal'),
  'Super Chunk Sweets & Treats': a('bakery'),
  'Old Town Tortilla Factory': a('tacos', 'tortillas'),
  'Diego Pops': a('tacos', 'neon', 'dusk'),
  'Rehab Burger Therapy': a('burger', 'shake'),
  'Rusty Spur Saloon': a('saloon'),
  'Second Story Liquor Bar': a('cocktail', 'stirred', 'night'),
  'Bottled Blonde': a('nightclub'),
  'Blue Clover Distillery': a('distillery'),
  'Su Vino Winery': a('wine'),
  'Sip Coffee & Beer Garage': a('coffee', undefined, 'morning'),
  'Coach House': a('beer', 'lights', 'night'),
  'Goldwater Brewing Co.': a('beer', 'flight'),
  'Toca Madera': a('cocktail', 'smoke', 'dusk'),
  "Tom's Thumb Trail": a('summit', 'spire'),
  'Gateway Loop Trail': a('desert-trail'),
  'Pinnacle Peak Trail': a('summit', 'pinnacle'),
  'Camelback Mountain Echo Canyon Trail': a('summit', 'camel'),
  'Lost Dog Wash Trail': a('wash'),
  "Brown's Ranch Trailhead": a('desert-trail', 'flowers'),
  'Sunrise Trail': a('summit', 'ridge', 'sunrise'),
  'Granite Mountain Loop': a('wash', 'boulders'),
  'Indian Bend Wash Greenbelt': a('greenbelt'),
  'Marcus Landslide Trail': a('wash', 'landslide'),
  'Cattle Track Arts Compound': a('gallery', 'studio'),
  'Taliesin West': a('architecture'),
  'The Thumb': a('bbq'),
  Cosanti: a('windbells', 'apse'),
  'McCormick-Stillman Railroad Park': a('train'),
  'Knight Rise Skyspace at SMoCA': a('skyspace', undefined, 'dusk'),
  "Scottsdale's Museum of the West": a('museum'),
  'Soleri Bridge and Plaza': a('bridge', undefined, 'noon'),
  'The Poisoned Pen Bookstore': a('books'),
  'Scottsdale ArtWalk': a('gallery', 'walls', 'dusk'),
  'Old Town Scottsdale Farmers Market': a('market', undefined, 'morning'),
  'Canal Convergence': a('light-art', undefined, 'night'),
  'Scottsdale Arabian Horse Show': a('horse'),
  'Barrett-Jackson Collector Car Auction': a('classic-car'),
  'Parada del Sol Parade & Rodeo': a('rodeo'),
  'Scottsdale Center for the Performing Arts': a('concert', 'theater', 'night'),
  "Sunday A'Fair": a('concert', 'lawn', 'golden'),
  'WM Phoenix Open': a('golf', 'stadium'),
};

/** Seeded restaurants and activities, by exact name. */
export const placeArtwork: Record<string, ArtworkSpec> = {
  'The Mission': a('tacos', 'guacamole', 'night'),
  'Los Sombreros': a('tacos', 'mezcal', 'golden'),
  'Old Town Tortilla Factory': a('green-chile'),
  'Diego Pops': a('tacos', 'neon'),
  'Citizen Public House': a('salad', undefined, 'dusk'),
  'Hash Kitchen': a('brunch', 'bloody'),
  'Grassroots Kitchen & Tap': a('burger'),
  'Cafe Monarch': a('fine-dining', 'lights', 'dusk'),
  'Marcellino Ristorante': a('pasta'),
  'Veneto Trattoria': a('pasta', 'wine', 'dusk'),
  'Craft 64': a('pizza'),
  'Maple & Ash': a('steak', 'fire', 'night'),
  "Mastro's City Hall Steakhouse": a('steak', undefined, 'dusk'),
  "Dominick's Steakhouse": a('steak', 'martini'),
  'ROKA AKOR': a('sushi', 'robata', 'dusk'),
  'Hiro Sushi': a('sushi'),
  'RA Sushi Bar Restaurant': a('sushi', 'rolls', 'golden'),
  FnB: a('vegetables', 'wine', 'golden'),
  "Lon's at the Hermosa": a('brunch', undefined, 'golden'),
  'Sip Coffee & Beer Garage': a('coffee', 'beer'),
  'Super Chunk Sweets & Treats': a('bakery', 'caramels', 'golden'),
  'The Breakfast Club': a('brunch', undefined, 'morning'),
  'Ocean 44': a('seafood', 'oysters', 'dusk'),
  "Eddie V's Prime Seafood": a('seafood', 'shrimp', 'night'),
  "Malee's Thai Bistro": a('curry'),
  Francine: a('seafood', 'riviera', 'noon'),
  'Desert Storm Hummer Tours': a('jeep'),
  'Hot Air Expeditions': a('balloon', undefined, 'sunrise'),
  'Arizona Outback Adventures': a('desert-trail', 'bike'),
  'Taliesin West Guided Tour': a('architecture', undefined, 'golden'),
  "Tom's Thumb Trail": a('summit', 'spire', 'golden'),
  'Gateway Loop Trail': a('desert-trail', undefined, 'sunrise'),
  'Pinnacle Peak Park': a('summit', 'pinnacle', 'noon'),
  'Camelback Mountain Echo Canyon': a('summit', 'camel', 'dusk'),
  "Scottsdale's Museum of the West": a('museum', 'painting'),
  'Scottsdale Museum of Contemporary Art': a('skyspace', undefined, 'noon'),
  'OdySea Aquarium': a('aquarium'),
  'Butterfly Wonderland': a('butterflies'),
  'McCormick-Stillman Railroad Park': a('train', undefined, 'golden'),
  'Joya Spa at Omni Montelucia': a('spa', 'arch'),
  'Sanctuary Spa': a('spa', 'view'),
  'VH Spa at Hotel Valley Ho': a('spa', 'modern'),
  'TPC Scottsdale Stadium Course': a('golf', 'stadium', 'golden'),
  'Troon North Golf Club': a('golf', 'boulders'),
  'Grayhawk Golf Club': a('golf', undefined, 'sunrise'),
  'Rusty Spur Saloon': a('saloon', undefined, 'night'),
  'Second Story Liquor Bar': a('cocktail', 'stirred', 'dusk'),
  "Scottsdale Artists' School": a('gallery', 'easel'),
  'Cattle Track Arts Compound': a('gallery', 'studio', 'golden'),
  'Scottsdale Fashion Square': a('shopping'),
  'Kierland Commons': a('shopping', 'street', 'golden'),
  Cosanti: a('windbells', undefined, 'golden'),
};

/** Seeded stories (drafts included), by slug. */
export const storyArtwork: Record<string, ArtworkSpec> = {
  'fnb-and-the-art-of-the-arizona-vegetable': a('vegetables'),
  'perfect-scottsdale-weekend-sunrise-to-last-call': a('summit', 'spire', 'sunrise'),
  'inside-cattle-track-arts-compound': a('gallery', 'studio'),
  'seven-scottsdale-date-nights': a('fine-dining', 'lights', 'dusk'),
  'five-quiet-corners-of-old-town': a('books'),
  'chasing-green-chile-across-scottsdale': a('green-chile', undefined, 'golden'),
  'new-ground-far-north-trailheads': a('desert-trail', 'flowers', 'morning'),
  'paolo-soleri-bell-maker-bridge-to-the-sun': a('windbells', 'apse', 'golden'),
  'beat-the-heat-summer-weekend': a('pool'),
  'the-chopped-salad-that-launched-a-thousand-copies': a('salad'),
};

export const spotImage = (name: string): string => `/images/spots/${slugFromName(name)}.svg`;
export const placeImage = (name: string): string => `/images/places/${slugFromName(name)}.svg`;
export const storyImage = (slug: string): string => `/images/stories/${slug}.svg`;

function lookup(table: Record<string, ArtworkSpec>, key: string, what: string): ArtworkSpec {
  const spec = table[key];
  if (!spec) throw new Error(`No artwork assigned to the seeded ${what} "${key}"`);
  return spec;
}

/** The subject (and drawing choices) a seeded spot's, place's or story's picture must have. */
export const artworkForSpot = (name: string): ArtworkSpec => lookup(spotArtwork, name, 'spot');
export const artworkForPlace = (name: string): ArtworkSpec => lookup(placeArtwork, name, 'place');
export const artworkForStory = (slug: string): ArtworkSpec => lookup(storyArtwork, slug, 'story');
