import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../src/lib/geo';
import type { CityDay, OpeningHours } from '../../src/lib/opening-hours';
import { planTrip, type TripInput } from '../../src/lib/trip/plan';
import { scheduleDay } from '../../src/lib/trip/schedule';
import { travelMinutes, type TripEvent, type TripSpot, type TripStop } from '../../src/lib/trip/stops';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });
const OLD_TOWN = at(33.4942, -111.9261);
const hotel = OLD_TOWN;

const every = [0, 1, 2, 3, 4, 5, 6] as const;
const weekly = (days: readonly number[], open: string, close: string, extra: Partial<Extract<OpeningHours, { kind: 'weekly' }>> = {}): OpeningHours =>
  ({ kind: 'weekly', rules: [{ days, open, close }], ...extra }) as OpeningHours;

const spot = (key: string, category: TripSpot['category'], position: LatLng, hours: OpeningHours | null, extra: Partial<TripSpot> = {}): TripSpot => ({
  key,
  name: key,
  kind: 'spot',
  category,
  position,
  hours,
  ...extra,
});

// Eight saved spots. They are saved (below) in the order a reader came across them: far apart.
const trail = spot('Pinnacle Peak Trail', 'hike', at(33.7289, -111.8604), { kind: 'daylight' });
const mondayClosed = spot('FnB', 'food', at(33.4951, -111.9232), weekly([0, 2, 3, 4, 5, 6], '17:00', '22:00'));
const market = spot('Old Town Farmers Market', 'event', at(33.4925, -111.9244), weekly([6], '08:00', '13:00', { seasons: [{ from: '10-01', to: '05-31' }] }));
const sunsetSpot = spot('Papago Park Hole-in-the-Rock', 'hidden-gem', at(33.4586, -111.9448), { kind: 'daylight' }, { sunset: true });
const bar = spot('Rusty Spur Saloon', 'drinks', at(33.4936, -111.9256), weekly(every, '10:00', '02:00'));
const museum = spot('Museum of the West', 'hidden-gem', at(33.4915, -111.9228), weekly([2, 3, 4, 5, 6, 0], '09:00', '17:00'));
const taliesin = spot('Taliesin West', 'hidden-gem', at(33.6063, -111.845), weekly(every, '09:00', '16:00'));
const brunch = spot('Snooze Kierland', 'food', at(33.6247, -111.9278), weekly(every, '06:30', '14:30'));
const saved: TripSpot[] = [brunch, bar, trail, mondayClosed, market, taliesin, sunsetSpot, museum];

const JULY: CityDay[] = ['2026-07-05', '2026-07-06', '2026-07-07']; // Sunday, Monday, Tuesday
const input = (stops: readonly TripStop[], extra: Partial<TripInput> = {}): TripInput => ({ days: JULY, base: hotel, pace: 'full', stops, ...extra });

const placeOf = (plan: ReturnType<typeof planTrip>, key: string) => {
  for (const day of plan.days) {
    const stop = day.stops.find((s) => s.key === key);
    if (stop) return { day: day.day, stop };
  }
  return null;
};

/** Driving for a day in a given order, from and back to the hotel. */
function travelOf(order: readonly TripStop[]): number {
  let total = 0;
  let from: LatLng | null = hotel;
  for (const stop of order) {
    total += travelMinutes(from, stop.position);
    from = stop.position;
  }
  return total + travelMinutes(from, hotel);
}

describe('a trip plan made from the facts we hold', () => {
  const plan = planTrip(input(saved));

  it('puts the hike before 9 AM in July', () => {
    const hike = placeOf(plan, trail.key);
    expect(hike).not.toBeNull();
    expect(hike!.stop.start).toBeLessThanOrEqual(9 * 60);
    expect(hike!.stop.start).toBeGreaterThanOrEqual(6 * 60);
    expect(hike!.stop.warnings).toEqual([]);
  });

  it('never schedules the restaurant closed on Mondays on the Monday, and gives it dinner time', () => {
    const fnb = placeOf(plan, mondayClosed.key);
    expect(fnb).not.toBeNull();
    expect(fnb!.day).not.toBe('2026-07-06');
    expect(fnb!.stop.start).toBeGreaterThanOrEqual(17 * 60 + 30);
    expect(fnb!.stop.start).toBeLessThanOrEqual(20 * 60);
  });

  it('reports the seasonal market as out of season, with its season', () => {
    expect(plan.unplaced).toEqual([{ key: market.key, name: market.name, reason: 'Out of season on your dates (open Oct 1 – May 31)' }]);
  });

  it('never places a stop at a closed place, and every stop of the plan is warning-free', () => {
    for (const day of plan.days) for (const stop of day.stops) expect(stop.warnings, `${day.day} ${stop.key}`).toEqual([]);
    const museumStop = placeOf(plan, museum.key);
    expect(museumStop!.day).not.toBe('2026-07-06');
  });

  it('puts the sunset spot at that day’s sunset', () => {
    const sunset = placeOf(plan, sunsetSpot.key)!;
    const day = plan.days.find((d) => d.day === sunset.day)!;
    expect(day.sunset).toBeGreaterThan(19 * 60 + 30); // Scottsdale in July: about 7:40 PM
    expect(sunset.stop.start).toBeGreaterThanOrEqual(day.sunset - 90);
    expect(sunset.stop.start).toBeLessThanOrEqual(day.sunset - 30);
  });

  it('orders each day no worse than the saved order: fewer warnings, or no more travel', () => {
    const byKey = new Map<string, TripStop>(saved.map((s) => [s.key, s]));
    for (const day of plan.days) {
      const planned = day.stops.map((s) => byKey.get(s.key)!);
      const savedOrder = [...planned].sort((a, b) => saved.indexOf(a as TripSpot) - saved.indexOf(b as TripSpot));
      const asSaved = scheduleDay(day.day, savedOrder, { base: hotel, pace: 'full' });
      expect(day.travelMinutes).toBe(travelOf(planned));
      if (asSaved.problems === 0) expect(travelOf(planned), day.day).toBeLessThanOrEqual(travelOf(savedOrder));
      else expect(day.problems, day.day).toBeLessThan(asSaved.problems);
    }
  });

  it('cuts the travel of a day saved in a zig-zag order', () => {
    const north = (i: number) => spot(`North ${i}`, 'hidden-gem', at(33.62 + i / 500, -111.92), weekly(every, '08:00', '20:00'));
    const south = (i: number) => spot(`South ${i}`, 'hidden-gem', at(33.46 + i / 500, -111.93), weekly(every, '08:00', '20:00'));
    const zigzag = [north(0), south(0), north(1), south(1), north(2)];
    const day = planTrip({ days: ['2026-07-07'], base: hotel, pace: 'full', stops: zigzag }).days[0]!;
    const byKey = new Map(zigzag.map((s) => [s.key, s]));
    const planned = day.stops.map((s) => byKey.get(s.key)!);
    expect(day.problems).toBe(0);
    expect(travelOf(planned)).toBeLessThan(travelOf(zigzag));
    expect(travelOf(planned)).toBeLessThanOrEqual(travelOf(zigzag) / 2);
  });

  it('places every open spot once, with travel shown between stops', () => {
    const placed = plan.days.flatMap((d) => d.stops.map((s) => s.key)).sort();
    expect(placed).toEqual(
      saved
        .filter((s) => s !== market)
        .map((s) => s.key)
        .sort(),
    );
    for (const day of plan.days) {
      day.stops.forEach((stop, i) => {
        if (i > 0) expect(stop.start).toBeGreaterThanOrEqual(day.stops[i - 1]!.end + stop.travel);
      });
    }
  });

  it('is deterministic: the same input gives the same plan', () => {
    expect(planTrip(input(saved))).toEqual(plan);
    expect(planTrip(input([...saved]))).toEqual(plan);
  });
});

describe('hours edge cases', () => {
  it('a bar open past midnight can be visited late the night before a closed day', () => {
    const lateBar = spot('Late bar', 'drinks', OLD_TOWN, weekly([5], '20:00', '02:00'));
    const plan = planTrip({ days: ['2026-07-10'], base: hotel, pace: 'relaxed', stops: [lateBar] }); // a Friday
    expect(plan.days[0]!.stops[0]!.start).toBe(20 * 60);
  });

  it('a special closure on one date keeps the spot off that day', () => {
    const closed = spot('Closed for a private event', 'hidden-gem', OLD_TOWN, {
      kind: 'weekly',
      rules: [{ days: every, open: '09:00', close: '17:00' }],
      special: [{ from: '2026-07-05', to: '2026-07-06', note: 'Private event' }],
    });
    const plan = planTrip(input([closed]));
    expect(placeOf(plan, closed.key)!.day).toBe('2026-07-07');
  });

  it('a spot closed for good is listed with why, never planned', () => {
    const gone = spot('Gone', 'food', OLD_TOWN, null, { closedReason: 'Permanently closed' });
    expect(planTrip(input([gone])).unplaced).toEqual([{ key: 'Gone', name: 'Gone', reason: 'Permanently closed' }]);
  });

  it('a spot closed on every day of the trip says so', () => {
    const weekendsOnly = spot('Weekends only', 'hidden-gem', OLD_TOWN, weekly([6], '09:00', '17:00'));
    expect(planTrip(input([weekendsOnly])).unplaced[0]!.reason).toBe('Closed on every day of your trip');
  });

  it('an event keeps its own time, and the pace caps the spots a day holds', () => {
    const jazz: TripEvent = { key: 'event:1', name: 'Jazz night', position: OLD_TOWN, kind: 'event', day: '2026-07-05', start: 19 * 60, end: 21 * 60 };
    const gems = Array.from({ length: 5 }, (_, i) => spot(`Gem ${i}`, 'hidden-gem', at(33.49 + i / 200, -111.92), null));
    const plan = planTrip({ days: ['2026-07-05'], base: hotel, pace: 'relaxed', stops: [...gems, jazz] });
    const event = plan.days[0]!.stops.find((s) => s.key === 'event:1')!;
    expect(event.start).toBe(19 * 60);
    expect(event.end).toBe(21 * 60);
    expect(plan.days[0]!.stops.filter((s) => s.kind === 'spot')).toHaveLength(3);
    expect(plan.unplaced.map((u) => u.reason)).toEqual([
      'No room left on those days: choose the full pace or add a day',
      'No room left on those days: choose the full pace or add a day',
    ]);
  });

  it('an event off the trip’s dates is listed, not planned', () => {
    const later: TripEvent = { key: 'event:2', name: 'Later', position: OLD_TOWN, kind: 'event', day: '2026-08-01', start: 600, end: null };
    expect(planTrip(input([later])).unplaced).toEqual([{ key: 'event:2', name: 'Later', reason: 'Not on your dates' }]);
  });
});

describe('re-flowing an edited day', () => {
  it('a stop moved to the end of the day is flagged past closing, and times follow the new order', () => {
    const lunch = spot('Lunch place', 'food', OLD_TOWN, weekly(every, '11:00', '15:00'));
    const gem = spot('Gem', 'hidden-gem', at(33.5, -111.93), weekly(every, '09:00', '18:00'));
    const options = { base: hotel, pace: 'relaxed' as const };
    const good = scheduleDay('2026-07-07', [gem, lunch], options);
    expect(good.stops.map((s) => s.warnings)).toEqual([[], []]);
    expect(good.stops[1]!.start).toBeGreaterThanOrEqual(good.stops[0]!.end + good.stops[1]!.travel);

    const late = spot('Late gem', 'hidden-gem', at(33.5, -111.93), weekly(every, '09:00', '18:00'), { pinned: { day: '2026-07-07', minute: 13 * 60 } });
    const pushed = scheduleDay('2026-07-07', [late, lunch], options);
    expect(pushed.stops[0]!.start).toBe(13 * 60);
    expect(pushed.stops[1]!.warnings[0]).toMatch(/^Closes at 3:00 PM/);
  });

  it('a hike pushed past 9 AM in July says why', () => {
    const first = spot('Breakfast', 'food', OLD_TOWN, weekly(every, '06:00', '14:00'), { pinned: { day: '2026-07-07', minute: 8 * 60 + 30 } });
    const day = scheduleDay('2026-07-07', [first, trail], { base: hotel, pace: 'full' });
    expect(day.stops[1]!.warnings).toContain('Starts after 9 AM in the summer heat');
  });
});
