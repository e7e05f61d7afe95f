import type { OpeningHours } from '../../../src/lib/opening-hours';
import { spotDetails } from '../spots/details';

export interface SeedPlaceDetails {
  /** WGS84 coordinates of the real place, 5 decimals. */
  lat: number;
  lng: number;
  hours: OpeningHours;
}

/**
 * The coordinates and hours of a place that is also a seeded spot, taken from the spot's entry so
 * the two never drift apart. `spotName` differs from the place's name only where the same real
 * place is listed under another name (the Taliesin West tour, Pinnacle Peak Park...).
 */
function sameAsSpot(spotName: string): SeedPlaceDetails {
  const spot = spotDetails[spotName];
  if (!spot) throw new Error(`No seeded spot named ${spotName}`);
  return { lat: spot.lat, lng: spot.lng, hours: spot.hours };
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;
const GOLF_NOTE = 'First tee times go out around sunrise; the last ones move earlier in winter and later in summer.';

/** Map position and structured hours of every seeded place (restaurants and activities), keyed by the place's exact name. */
export const placeDetails: Record<string, SeedPlaceDetails> = {
  // Restaurants -------------------------------------------------------------------------------

  'The Mission': sameAsSpot('The Mission'),
  'Los Sombreros': sameAsSpot('Los Sombreros'),
  'Old Town Tortilla Factory': sameAsSpot('Old Town Tortilla Factory'),
  'Diego Pops': sameAsSpot('Diego Pops'),
  'Citizen Public House': sameAsSpot('Citizen Public House'),
  'Hash Kitchen': sameAsSpot('Hash Kitchen'),
  // 8120 N Hayden Rd, McCormick Ranch.
  'Grassroots Kitchen & Tap': {
    lat: 33.5493,
    lng: -111.90995,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4], open: '11:00', close: '21:00' },
        { days: [5], open: '11:00', close: '22:00' },
        { days: [6], open: '10:00', close: '22:00' },
        { days: [0], open: '10:00', close: '21:00' },
      ],
    },
  },
  'Cafe Monarch': sameAsSpot('Cafe Monarch'),
  // 7114 E Stetson Dr, Old Town. Dinner only, closed Monday.
  'Marcellino Ristorante': {
    lat: 33.49705,
    lng: -111.92795,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 2, 3, 4], open: '17:00', close: '21:00' },
        { days: [5, 6], open: '17:00', close: '22:00' },
      ],
    },
  },
  // 6137 N Scottsdale Rd (Hilton Village).
  'Veneto Trattoria': {
    lat: 33.5265,
    lng: -111.92545,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5], open: '11:00', close: '21:00' },
        { days: [0, 6], open: '16:00', close: '21:00' },
      ],
    },
  },
  // 6922 E Main St, Old Town, next door to the Tortilla Factory.
  'Craft 64': {
    lat: 33.49345,
    lng: -111.933,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '11:00', close: '22:00' },
        { days: [5, 6], open: '11:00', close: '23:00' },
      ],
    },
  },
  // 7135 E Camelback Rd, Scottsdale Waterfront.
  'Maple & Ash': {
    lat: 33.50245,
    lng: -111.92795,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '16:00', close: '22:00' },
        { days: [5, 6], open: '16:00', close: '23:00' },
      ],
    },
  },
  // 6991 E Camelback Rd, across from Fashion Square.
  "Mastro's City Hall Steakhouse": {
    lat: 33.50985,
    lng: -111.93255,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '16:00', close: '22:00' },
        { days: [5, 6], open: '16:00', close: '23:00' },
      ],
    },
  },
  // 15169 N Scottsdale Rd, Scottsdale Quarter.
  "Dominick's Steakhouse": {
    lat: 33.6241,
    lng: -111.92395,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '17:00', close: '22:00' },
        { days: [5, 6], open: '17:00', close: '23:00' },
      ],
    },
  },
  // 7299 N Scottsdale Rd, at Scottsdale and Indian Bend roads.
  'ROKA AKOR': {
    lat: 33.54255,
    lng: -111.92545,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '16:00', close: '22:00' },
        { days: [5, 6], open: '16:00', close: '23:00' },
      ],
    },
  },
  // 9455 E Raintree Dr. Weekday lunch and dinner Monday to Saturday; closed Sunday.
  'Hiro Sushi': {
    lat: 33.62105,
    lng: -111.8778,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5], open: '11:30', close: '14:00' },
        { days: [1, 2, 3, 4, 5, 6], open: '17:00', close: '21:30' },
      ],
    },
  },
  // 3815 N Scottsdale Rd, Old Town; late happy hour on weekends.
  'RA Sushi Bar Restaurant': {
    lat: 33.49215,
    lng: -111.9257,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '11:00', close: '22:00' },
        { days: [5, 6], open: '11:00', close: '24:00' },
      ],
    },
  },
  FnB: sameAsSpot('FnB'),
  // Hermosa Inn, 5532 N Palo Cristi Rd, Paradise Valley. Weekday lunch, weekend brunch, dinner nightly.
  "Lon's at the Hermosa": {
    lat: 33.51935,
    lng: -111.98935,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5], open: '11:30', close: '14:00' },
        { days: [0, 6], open: '10:00', close: '14:00' },
        { days: EVERY_DAY, open: '17:00', close: '21:00' },
      ],
    },
  },
  'Sip Coffee & Beer Garage': sameAsSpot('Sip Coffee & Beer Garage'),
  'Super Chunk Sweets & Treats': sameAsSpot('Super Chunk Sweets & Treats'),
  // 4400 N Scottsdale Rd, by the canal.
  'The Breakfast Club': {
    lat: 33.49985,
    lng: -111.92655,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5], open: '07:00', close: '14:00' },
        { days: [0, 6], open: '07:00', close: '15:00' },
      ],
    },
  },
  // 4748 N Goldwater Blvd, south of Camelback Road.
  'Ocean 44': {
    lat: 33.50565,
    lng: -111.93265,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '16:00', close: '22:00' },
        { days: [5, 6], open: '16:00', close: '23:00' },
      ],
    },
  },
  // 15323 N Scottsdale Rd, by Scottsdale Quarter.
  "Eddie V's Prime Seafood": {
    lat: 33.62555,
    lng: -111.9245,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '16:00', close: '22:00' },
        { days: [5, 6], open: '16:00', close: '23:00' },
      ],
    },
  },
  // 7131 E Main St, Old Town.
  "Malee's Thai Bistro": {
    lat: 33.4934,
    lng: -111.92805,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5, 6], open: '11:30', close: '21:00' },
        { days: [0], open: '16:00', close: '21:00' },
      ],
    },
  },
  // Scottsdale Fashion Square, Goldwater Boulevard side.
  Francine: {
    lat: 33.5041,
    lng: -111.93075,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4], open: '11:00', close: '22:00' },
        { days: [5, 6], open: '11:00', close: '23:00' },
        { days: [0], open: '10:00', close: '21:00' },
      ],
    },
  },

  // Activities --------------------------------------------------------------------------------

  // 15525 N 83rd Pl, Scottsdale Airpark (tours head out into the desert from here).
  'Desert Storm Hummer Tours': {
    lat: 33.62655,
    lng: -111.9004,
    hours: {
      kind: 'weekly',
      rules: [{ days: EVERY_DAY, open: '07:00', close: '18:00' }],
      note: 'Tours leave at set times through the day; book ahead, and expect earlier starts in summer.',
    },
  },
  // Office at 2243 E Rose Garden Loop, north Phoenix; guests are given a launch meeting point when they book.
  'Hot Air Expeditions': {
    lat: 33.6772,
    lng: -112.0334,
    hours: {
      kind: 'weekly',
      rules: [{ days: EVERY_DAY, open: '05:30', close: '09:30' }],
      seasons: [{ from: '10-01', to: '05-31' }],
      note: 'Flights launch at dawn, weather permitting, from October to May; summer flights are few and leave even earlier.',
    },
  },
  // 16447 N 91st St, Scottsdale Airpark: the outfitter's shop, where most tours start.
  'Arizona Outback Adventures': {
    lat: 33.63515,
    lng: -111.8829,
    hours: {
      kind: 'weekly',
      rules: [{ days: EVERY_DAY, open: '07:00', close: '17:00' }],
      note: 'Guided hikes and rides start early; some meet at the trailhead rather than the shop.',
    },
  },
  'Taliesin West Guided Tour': sameAsSpot('Taliesin West'),
  "Tom's Thumb Trail": sameAsSpot("Tom's Thumb Trail"),
  'Gateway Loop Trail': sameAsSpot('Gateway Loop Trail'),
  'Pinnacle Peak Park': sameAsSpot('Pinnacle Peak Trail'),
  'Camelback Mountain Echo Canyon': sameAsSpot('Camelback Mountain Echo Canyon Trail'),
  "Scottsdale's Museum of the West": sameAsSpot("Scottsdale's Museum of the West"),
  'Scottsdale Museum of Contemporary Art': sameAsSpot('Knight Rise Skyspace at SMoCA'),
  // OdySea in the Desert, 9500 E Via de Ventura, Talking Stick.
  'OdySea Aquarium': {
    lat: 33.5556,
    lng: -111.8762,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '09:00', close: '18:00' }] },
  },
  // Same complex as OdySea, on its south side.
  'Butterfly Wonderland': {
    lat: 33.5545,
    lng: -111.87515,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '09:00', close: '17:00' }] },
  },
  'McCormick-Stillman Railroad Park': sameAsSpot('McCormick-Stillman Railroad Park'),
  // Omni Scottsdale Resort & Spa at Montelucia, 4949 E Lincoln Dr, Paradise Valley.
  'Joya Spa at Omni Montelucia': {
    lat: 33.53185,
    lng: -111.9734,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '08:00', close: '19:00' }] },
  },
  // Sanctuary Camelback Mountain, 5700 E McDonald Dr, Paradise Valley.
  'Sanctuary Spa': {
    lat: 33.523,
    lng: -111.9598,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '08:00', close: '20:00' }] },
  },
  // Hotel Valley Ho, 6850 E Main St, Old Town.
  'VH Spa at Hotel Valley Ho': {
    lat: 33.49295,
    lng: -111.9361,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '09:00', close: '18:00' }] },
  },
  // Clubhouse, 17020 N Hayden Rd.
  'TPC Scottsdale Stadium Course': {
    lat: 33.64125,
    lng: -111.91035,
    hours: {
      kind: 'weekly',
      rules: [{ days: EVERY_DAY, open: '06:00', close: '18:00' }],
      note: `${GOLF_NOTE} The course closes to the public around the WM Phoenix Open in February.`,
    },
  },
  // Clubhouse, 10320 E Dynamite Blvd.
  'Troon North Golf Club': {
    lat: 33.73965,
    lng: -111.8592,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '06:00', close: '18:00' }], note: GOLF_NOTE },
  },
  // Clubhouse, 8620 E Thompson Peak Pkwy.
  'Grayhawk Golf Club': {
    lat: 33.67065,
    lng: -111.89445,
    hours: { kind: 'weekly', rules: [{ days: EVERY_DAY, open: '06:00', close: '19:00' }], note: GOLF_NOTE },
  },
  'Rusty Spur Saloon': sameAsSpot('Rusty Spur Saloon'),
  'Second Story Liquor Bar': sameAsSpot('Second Story Liquor Bar'),
  // 3720 N Marshall Way, Old Town (the old Loloma School building).
  "Scottsdale Artists' School": {
    lat: 33.4912,
    lng: -111.9288,
    hours: {
      kind: 'weekly',
      rules: [{ days: [1, 2, 3, 4, 5], open: '08:30', close: '16:30' }],
      note: 'Office hours; classes and workshops keep their own schedule, including some evenings and weekends.',
    },
  },
  'Cattle Track Arts Compound': sameAsSpot('Cattle Track Arts Compound'),
  // 7014 E Camelback Rd.
  'Scottsdale Fashion Square': {
    lat: 33.50335,
    lng: -111.92925,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5, 6], open: '10:00', close: '21:00' },
        { days: [0], open: '11:00', close: '18:00' },
      ],
      note: 'Mall hours; restaurants and the food hall stay open later.',
    },
  },
  // 15205 N Kierland Blvd, west of Scottsdale Road.
  'Kierland Commons': {
    lat: 33.62255,
    lng: -111.9283,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4, 5, 6], open: '10:00', close: '20:00' },
        { days: [0], open: '11:00', close: '18:00' },
      ],
      note: 'Shop hours; the restaurants on the main street stay open later.',
    },
  },
  Cosanti: sameAsSpot('Cosanti'),
};
