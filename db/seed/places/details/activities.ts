import { sameAsSpot, EVERY_DAY, GOLF_NOTE, type SeedPlaceDetails } from './shared';

/** Map position and structured hours of the seeded activities, keyed by exact name. */
export const activityDetails: Record<string, SeedPlaceDetails> = {
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
