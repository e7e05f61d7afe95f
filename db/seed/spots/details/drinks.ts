import type { SeedSpotDetails } from './types';

/** Page facts of the drinks spots, keyed by the spot's exact name. */
export const drinksDetails: Record<string, SeedSpotDetails> = {
  'Rusty Spur Saloon': {
    neighbourhood: 'Old Town',
    address: '7245 E Main St, Scottsdale, AZ 85251',
    lat: 33.4936,
    lng: -111.9248,
    priceLevel: 1,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '10:00', close: '01:00' },
        { days: [5, 6], open: '10:00', close: '02:00' },
      ],
    },
    hook: 'Boots, live country bands and cold beer in a former bank, vault and all',
    knowBeforeYouGo: {
      bestTime: 'Afternoons for a quiet beer; Friday and Saturday nights for the bands.',
      parking: 'Free street parking along Main Street and the free Old Town garages a short walk south.',
      bring: 'Order a cold domestic draft and a basket of fried pickles, and carry a few bills for the band tip jar.',
    },
    insiderTip: 'Bands start playing in the afternoon, so you can hear live country without fighting for floor space at midnight.',
  },
  'Second Story Liquor Bar': {
    neighbourhood: 'Old Town',
    address: '4166 N Scottsdale Rd, Scottsdale, AZ 85251',
    lat: 33.4972,
    lng: -111.9263,
    priceLevel: 3,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '16:00', close: '24:00' },
        { days: [5, 6], open: '16:00', close: '02:00' },
      ],
    },
    hook: 'A dim upstairs parlor with leather chairs, records and stirred drinks done right',
    knowBeforeYouGo: {
      bestTime: 'Weeknights after dinner, when a seat at the bar is easy to find.',
      parking: 'Street parking off Scottsdale Road near 5th Avenue, or the free Fashion Square garages across the canal.',
      bring: 'Order an Old Fashioned, or ask the bartender for something stirred and bitter.',
    },
    insiderTip: 'Watch for the stairway door on Scottsdale Road; it is easy to walk past, and the room upstairs is far quieter than the street.',
  },
  'Bottled Blonde': {
    neighbourhood: 'Entertainment District',
    address: '7340 E Indian Plaza, Scottsdale, AZ 85251',
    lat: 33.4944,
    lng: -111.9233,
    priceLevel: 2,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4], open: '16:00', close: '02:00' },
        { days: [5], open: '12:00', close: '02:00' },
        { days: [0, 6], open: '10:00', close: '02:00' },
      ],
    },
    hook: "Bottle service, beer pong and a DJ on Old Town's loudest patio",
    knowBeforeYouGo: {
      bestTime: 'Weekend afternoons for a calmer patio; after 10 PM for the full party.',
      parking: 'Take a ride share: the free Old Town garages fill by 10 PM on weekends.',
      bring: 'Order a pizza and a bucket of beers for the group, and expect a cover charge on weekend nights.',
    },
    insiderTip: 'Get there before 9 PM on Saturday to skip the line and often the cover; the patio fills fast after that.',
  },
  'Blue Clover Distillery': {
    neighbourhood: 'Old Town',
    address: '7340 E Main St, Scottsdale, AZ 85251',
    lat: 33.49365,
    lng: -111.92315,
    priceLevel: 2,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [3, 4], open: '15:00', close: '22:00' },
        { days: [5, 6], open: '12:00', close: '24:00' },
        { days: [0], open: '12:00', close: '20:00' },
      ],
    },
    hook: 'Vodka, gin and whiskey made on site, poured at a bar beside the copper still',
    knowBeforeYouGo: {
      bestTime: 'Early evening midweek, when the bartenders have time to talk. Closed Monday and Tuesday.',
      parking: 'Free street parking on Main Street and the blocks around it; three-hour limits apply.',
      bring: 'Order a tasting flight of the house spirits, then a cocktail built on the one you liked best.',
    },
    insiderTip: 'Ask whether anyone can show you the still: on quiet afternoons the staff will often walk you past the barrels and explain what is aging.',
  },
  'Su Vino Winery': {
    neighbourhood: 'Arts District',
    address: '7035 E Main St, Scottsdale, AZ 85251',
    lat: 33.4935,
    lng: -111.9308,
    priceLevel: 2,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4], open: '12:00', close: '20:00' },
        { days: [5, 6], open: '12:00', close: '22:00' },
        { days: [0], open: '12:00', close: '18:00' },
      ],
    },
    hook: 'Blend, cork and label your own bottle, then linger over a cheese board',
    knowBeforeYouGo: {
      bestTime: 'A weekday afternoon, or any day it rains.',
      parking: 'Free street parking along Main Street and the side streets off Marshall Way.',
      bring: 'Order a tasting flight first, and book the blending session ahead if you want to bottle your own.',
    },
    insiderTip: 'Book a blending session for a birthday or a rainy afternoon: groups get their own table, and everyone leaves with a bottle they labeled.',
  },
  'Sip Coffee & Beer Garage': {
    neighbourhood: 'Old Town',
    address: '3617 N Goldwater Blvd, Scottsdale, AZ 85251',
    lat: 33.4896,
    lng: -111.92905,
    priceLevel: 1,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4], open: '06:00', close: '21:00' },
        { days: [5, 6], open: '06:00', close: '22:00' },
        { days: [0], open: '07:00', close: '21:00' },
      ],
    },
    hook: 'Espresso at dawn, local drafts by afternoon, all behind roll-up garage doors',
    knowBeforeYouGo: {
      bestTime: 'Weekday mornings for laptop work; Friday afternoons for a beer on the patio.',
      parking: 'Small free lot on Goldwater Boulevard that turns over quickly.',
      bring: 'Order a cold brew or a latte in the morning, or an Arizona IPA on draft after noon.',
    },
    insiderTip: 'Bring the dog and take a patio table by the open garage doors; the staff keep water bowls out all day.',
  },
  'Coach House': {
    neighbourhood: 'Old Town',
    address: '7011 E Indian School Rd, Scottsdale, AZ 85251',
    lat: 33.4951,
    lng: -111.9305,
    priceLevel: 1,
    hours: { kind: 'weekly', rules: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '06:00', close: '02:00' }] },
    hook: 'Christmas lights all year and stiff pours at the neighborhood dive that opens early',
    knowBeforeYouGo: {
      bestTime: 'Late afternoon on a weekday, before the evening regulars claim the patio.',
      parking: 'Tiny lot out front on Indian School Road; free street spots nearby after 6 PM.',
      bring: 'Order a cheap domestic beer or a well drink, and keep some cash handy for tips.',
    },
    insiderTip: 'The doors open at 6 AM, which makes this the one bar in Old Town where a morning Bloody Mary after a night shift is perfectly normal.',
  },
  'Goldwater Brewing Co.': {
    neighbourhood: 'Old Town',
    address: '3608 N Scottsdale Rd, Scottsdale, AZ 85251',
    lat: 33.48945,
    lng: -111.926,
    priceLevel: 1,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [1, 2, 3, 4], open: '12:00', close: '22:00' },
        { days: [5, 6], open: '11:00', close: '24:00' },
        { days: [0], open: '11:00', close: '22:00' },
      ],
    },
    hook: 'House-brewed ales, a shady patio and trivia nights that get competitive',
    knowBeforeYouGo: {
      bestTime: 'Trivia night midweek, or a lazy Sunday afternoon on the patio.',
      parking: 'Free spots on the side streets off Scottsdale Road and a small lot behind the taproom.',
      bring: 'Order a flight of four and finish with a pint of your favorite; the Scottsdale Blonde is the easy start.',
    },
    insiderTip: 'Head downstairs to the original basement taproom on hot afternoons: it stays cool and usually has a seat free.',
  },
  'Toca Madera': {
    neighbourhood: 'Old Town',
    address: '4231 N Scottsdale Rd, Scottsdale, AZ 85251',
    lat: 33.49815,
    lng: -111.9257,
    priceLevel: 4,
    hours: {
      kind: 'weekly',
      rules: [
        { days: [0, 1, 2, 3, 4], open: '17:00', close: '22:00' },
        { days: [5, 6], open: '17:00', close: '24:00' },
      ],
    },
    hook: 'Smoking cocktails, candlelight and a DJ in a glass-walled dining room',
    knowBeforeYouGo: {
      bestTime: 'Around 9 PM on a Friday or Saturday, when the lounge mood kicks in.',
      parking: 'Valet at the door; the free Fashion Square garages are a short walk north.',
      bring: 'Order a smoked cocktail at the bar and the truffle tacos if you stay to eat; book ahead for a table.',
    },
    insiderTip: 'Skip the dinner booking and take a bar seat: you get the room, the music and the show for the price of one cocktail.',
  },
};
