import { sameAsSpot, EVERY_DAY, type SeedPlaceDetails } from './shared';

/** Map position and structured hours of the seeded restaurants, keyed by exact name. */
export const restaurantDetails: Record<string, SeedPlaceDetails> = {
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
};
