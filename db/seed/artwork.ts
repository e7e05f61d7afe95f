import type { ArtworkSettingId, ArtworkSubjectId, ArtworkSurface } from '../../src/lib/artwork-subjects';
import { slugFromName } from '../../src/lib/spot-details';
import type { SeedPlace } from './types';

export type ArtworkTime = 'morning' | 'noon' | 'golden' | 'sunrise' | 'dusk' | 'night';

/** What a seeded item's picture shows: its subject, and optionally a drawing variant and the time of day. */
export interface ArtworkSpec {
  subject: ArtworkSubjectId;
  variant?: string;
  time?: ArtworkTime;
  /** The room behind the subject (a fire, a piano, a rooftop pool); the desert when omitted. */
  setting?: ArtworkSettingId;
  surface?: ArtworkSurface;
}

const a = (subject: ArtworkSubjectId, variant?: string, time?: ArtworkTime): ArtworkSpec => ({ subject, variant, time });
const p = (subject: ArtworkSubjectId, variant?: string, setting?: ArtworkSettingId, surface?: ArtworkSurface): ArtworkSpec => ({ subject, variant, setting, surface });

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

/**
 * Seeded restaurants and activities, by exact name: what each is known for (its signature dish,
 * its room, its view). The time of day comes from its hours (placeTime); a time given here is
 * used only when the hours do not tell.
 */
export const placeArtwork: Record<string, ArtworkSpec> = {
  'The Mission': p('tacos', 'guacamole'),
  'Los Sombreros': p('tacos', 'mezcal', 'papel-picado'),
  'Old Town Tortilla Factory': p('green-chile'),
  'Diego Pops': p('tacos', 'neon', 'neon-cactus', 'bar'),
  'Citizen Public House': p('salad'),
  'Hash Kitchen': p('brunch', 'bloody', 'back-bar', 'bar'),
  'Grassroots Kitchen & Tap': p('burger'),
  'Cafe Monarch': a('fine-dining', 'lights', 'dusk'),
  'Marcellino Ristorante': p('pasta'),
  'Veneto Trattoria': p('pasta', 'wine', 'wine-wall', 'linen'),
  'Craft 64': p('pizza'),
  'Maple & Ash': p('steak', 'fire', 'hearth', 'bar'),
  "Mastro's City Hall Steakhouse": p('steak', undefined, 'piano', 'linen'),
  "Dominick's Steakhouse": p('steak', 'martini', 'rooftop', 'tile'),
  'ROKA AKOR': p('sushi', 'robata'),
  'Hiro Sushi': { ...p('sushi', undefined, 'counter', 'wood'), time: 'night' },
  'RA Sushi Bar Restaurant': p('sushi', 'rolls', 'neon-wave', 'bar'),
  FnB: p('vegetables', 'wine'),
  "Lon's at the Hermosa": p('brunch', undefined, 'adobe', 'terracotta'),
  'Sip Coffee & Beer Garage': p('coffee', 'beer', 'garage', 'wood'),
  'Super Chunk Sweets & Treats': p('bakery', 'caramels'),
  'The Breakfast Club': p('brunch', 'eggs'),
  'Ocean 44': p('seafood', 'oysters'),
  "Eddie V's Prime Seafood": p('seafood', 'shrimp', 'jazz', 'bar'),
  "Malee's Thai Bistro": p('curry'),
  Francine: p('seafood', 'riviera', 'riviera', 'linen'),
  'Desert Storm Hummer Tours': p('jeep'),
  'Hot Air Expeditions': p('balloon'),
  'Arizona Outback Adventures': p('desert-trail', 'bike'),
  'Taliesin West Guided Tour': p('architecture'),
  "Tom's Thumb Trail": p('summit', 'spire'),
  'Gateway Loop Trail': p('desert-trail'),
  'Pinnacle Peak Park': p('summit', 'pinnacle'),
  'Camelback Mountain Echo Canyon': p('summit', 'camel'),
  "Scottsdale's Museum of the West": a('museum', 'painting', 'golden'),
  'Scottsdale Museum of Contemporary Art': p('skyspace'),
  'OdySea Aquarium': p('aquarium'),
  'Butterfly Wonderland': p('butterflies'),
  'McCormick-Stillman Railroad Park': p('train'),
  'Joya Spa at Omni Montelucia': p('spa', 'arch', 'hammam'),
  'Sanctuary Spa': p('spa', 'view', 'camelback-window'),
  'VH Spa at Hotel Valley Ho': p('spa', 'modern', 'mid-century'),
  'TPC Scottsdale Stadium Course': p('golf', 'stadium'),
  'Troon North Golf Club': p('golf', 'boulders'),
  'Grayhawk Golf Club': p('golf', 'clubhouse'),
  'Rusty Spur Saloon': p('saloon'),
  'Second Story Liquor Bar': p('cocktail', 'stirred'),
  "Scottsdale Artists' School": a('gallery', 'class', 'morning'),
  'Cattle Track Arts Compound': p('gallery', 'press', 'print-shop'),
  'Scottsdale Fashion Square': p('shopping', 'atrium', 'atrium'),
  'Kierland Commons': p('shopping', 'street'),
  Cosanti: p('windbells'),
};

const hour = (text: string, word: 'Opens' | 'Closes'): number | undefined => {
  const m = new RegExp(`${word} (\\d{1,2})(?::\\d\\d)? (AM|PM)`).exec(text);
  if (!m) return undefined;
  const h = Number(m[1]) % 12;
  return m[2] === 'PM' ? h + 12 : h;
};

/**
 * The time of day a place is drawn at, from its hours: a bar that closes after midnight at night,
 * a dinner-only room at dusk, a breakfast place in the morning, a trail that closes at sunset in
 * golden light, a daytime attraction at noon. Undefined when the hours say nothing of it.
 */
export function placeTime(place: Pick<SeedPlace, 'openingStatus' | 'tags'>): ArtworkTime | undefined {
  const opens = hour(place.openingStatus, 'Opens');
  const closes = hour(place.openingStatus, 'Closes');
  if (place.tags.includes('Nightlife') || (closes !== undefined && closes < 5)) return 'night';
  if (place.tags.includes('Sunrise') || (opens !== undefined && opens <= 6)) return 'sunrise';
  if ((opens !== undefined && opens <= 8) || (closes !== undefined && closes <= 14)) return 'morning';
  if (opens !== undefined && opens >= 16) return 'dusk';
  if (/closes at sunset/i.test(place.openingStatus)) return 'golden';
  if (closes === undefined) return undefined;
  if (closes >= 23) return 'night';
  if (closes >= 22) return 'dusk';
  if (closes >= 20) return 'golden';
  return 'noon';
}

/**
 * Seeded stories (drafts included), by slug: the scenes the Story visits, one to three, each
 * shown in its own arch of the cover (scripts/artwork/story-cover.ts). The first is its subject.
 */
export const storyArtwork: Record<string, readonly ArtworkSpec[]> = {
  'fnb-and-the-art-of-the-arizona-vegetable': [a('vegetables', undefined, 'golden'), a('market', undefined, 'morning')],
  'perfect-scottsdale-weekend-sunrise-to-last-call': [a('summit', 'ridge', 'sunrise'), a('architecture', undefined, 'noon'), a('saloon', undefined, 'night')],
  'inside-cattle-track-arts-compound': [a('gallery', 'press', 'morning'), a('gallery', 'walls', 'dusk')],
  'seven-scottsdale-date-nights': [a('fine-dining', 'lights', 'dusk'), a('cocktail', 'stirred', 'night')],
  'five-quiet-corners-of-old-town': [a('books', undefined, 'morning'), a('skyspace', undefined, 'dusk')],
  'chasing-green-chile-across-scottsdale': [a('green-chile', undefined, 'golden'), a('tacos', 'tortillas', 'noon')],
  'new-ground-far-north-trailheads': [a('desert-trail', 'flowers', 'morning'), a('summit', 'pinnacle', 'golden')],
  'paolo-soleri-bell-maker-bridge-to-the-sun': [a('windbells', 'apse', 'golden'), a('bridge', undefined, 'dusk')],
  'beat-the-heat-summer-weekend': [a('pool', undefined, 'noon'), a('aquarium')],
  'the-chopped-salad-that-launched-a-thousand-copies': [a('salad', undefined, 'noon')],
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
/** A spot that is also a seeded place is drawn in the same room as the place (the fire, the neon, the bar). */
export function artworkForSpot(name: string): ArtworkSpec {
  const spec = lookup(spotArtwork, name, 'spot');
  const place = placeArtwork[name];
  return place?.setting ? { ...spec, setting: place.setting, surface: place.surface } : spec;
}
export function artworkForPlace(name: string, place?: Pick<SeedPlace, 'openingStatus' | 'tags'>): ArtworkSpec {
  const spec = lookup(placeArtwork, name, 'place');
  const time = place ? placeTime(place) : undefined;
  return time ? { ...spec, time } : spec;
}
/** The scenes of a Story's cover; the first is its subject. */
export function storyPanels(slug: string): readonly ArtworkSpec[] {
  const panels = storyArtwork[slug];
  if (!panels?.length) throw new Error(`No artwork assigned to the seeded story "${slug}"`);
  return panels;
}
export const artworkForStory = (slug: string): ArtworkSpec => storyPanels(slug)[0]!;
