/**
 * A trip plan from the facts we hold: which day each saved spot fits (its hours, seasons and
 * closures on that date), and each day's order, chosen to keep travel short while every stop starts
 * inside its hours and its time of day (nearest neighbour, then 2-opt and single-stop moves over the
 * scheduled cost). Deterministic: the same input gives the same plan.
 */
import { milesBetween, type LatLng } from '../geo';
import { openMinutesOn, sunOn, type CityDay } from '../opening-hours';
import { seasonsLabel } from '../opening-hours-labels';
import { scheduleDay, type DaySchedule } from './schedule';
import { STOPS_PER_DAY, startWindows, visitMinutes, type TripEvent, type TripPace, type TripSpot, type TripStop } from './stops';

export interface TripInput {
  /** Consecutive city days, 1 to 7. */
  days: readonly CityDay[];
  /** Where the reader stays; null when not given (travel then starts at the first stop). */
  base: LatLng | null;
  pace: TripPace;
  /** In the reader's order (saved order, then events picked). */
  stops: readonly TripStop[];
}

export interface UnplacedStop {
  key: string;
  name: string;
  reason: string;
}

export interface TripPlan {
  days: DaySchedule[];
  unplaced: UnplacedStop[];
}

/** How much a warning weighs against minutes of driving when choosing an order. */
const PROBLEM_COST = 240;
const WAIT_COST = 0.25;

function overlaps(a: { from: number; to: number }, b: { start: number; end: number }, length: number): boolean {
  return Math.max(a.from, b.start) + length <= Math.min(a.to + length, b.end);
}

/** Whether a spot can be visited on a day at a sensible time (inside its hours and its window). */
function fitsDay(stop: TripSpot, day: CityDay): boolean {
  if (!stop.hours) return true;
  const opens = openMinutesOn(stop.hours, day).filter((o) => o.end - o.start >= 30);
  if (opens.length === 0) return false;
  const preferred = startWindows(stop, day, sunOn(day));
  if (!preferred) return true;
  const length = Math.min(visitMinutes(stop), 30);
  return preferred.windows.some((w) => opens.some((o) => overlaps(w, o, length)));
}

function unplacedReason(stop: TripSpot, days: readonly CityDay[]): string {
  if (stop.closedReason) return stop.closedReason;
  const hours = stop.hours;
  if (hours && days.every((day) => openMinutesOn(hours, day).length === 0)) {
    const seasons = seasonsLabel(hours);
    return seasons ? `Out of season on your dates (open ${seasons})` : 'Closed on every day of your trip';
  }
  return 'Not open at a good time on your dates';
}

function miles(a: LatLng | null, b: LatLng | null): number {
  return a && b ? milesBetween(a, b) : 5;
}

function scheduleCost(schedule: DaySchedule): number {
  return schedule.travelMinutes + PROBLEM_COST * schedule.problems + WAIT_COST * schedule.waitMinutes;
}

/** Nearest neighbour from where you stay: the starting order for a day. */
function nearestNeighbour(stops: readonly TripStop[], base: LatLng | null): TripStop[] {
  const left = [...stops];
  const order: TripStop[] = [];
  let at = base;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (miles(at, left[i]!.position) < miles(at, left[best]!.position)) best = i;
    const [next] = left.splice(best, 1);
    order.push(next!);
    at = next!.position;
  }
  return order;
}

/** The best order found by 2-opt (reversing a run) and moving single stops, until neither helps. */
export function orderDay(day: CityDay, stops: readonly TripStop[], options: { base: LatLng | null; pace: TripPace }): DaySchedule {
  let order = nearestNeighbour(stops, options.base);
  let best = scheduleDay(day, order, options);
  const consider = (candidate: TripStop[]) => {
    const schedule = scheduleDay(day, candidate, options);
    if (scheduleCost(schedule) < scheduleCost(best) - 1e-9) {
      order = candidate;
      best = schedule;
      return true;
    }
    return false;
  };
  for (let round = 0, improved = true; improved && round < 50; round++) {
    improved = false;
    for (let i = 0; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        if (consider([...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)])) improved = true;
      }
    }
    for (let i = 0; i < order.length; i++) {
      for (let j = 0; j < order.length; j++) {
        if (i === j) continue;
        const moved = [...order];
        const [stop] = moved.splice(i, 1);
        moved.splice(j, 0, stop!);
        if (consider(moved)) improved = true;
      }
    }
  }
  return best;
}

interface DayLoad {
  day: CityDay;
  events: TripEvent[];
  spots: TripSpot[];
}

/** What adding a spot to a day costs: distance to what the day already holds, a little per stop, and clashes of kind. */
function placementCost(stop: TripSpot, load: DayLoad, base: LatLng | null): number {
  const there = [...load.events, ...load.spots];
  const distance = there.length ? Math.min(...there.map((other) => miles(stop.position, other.position))) : miles(stop.position, base);
  const same = (test: (other: TripSpot) => boolean) => load.spots.filter(test).length;
  let clash = 0;
  if (stop.category === 'food' && same((o) => o.category === 'food') >= 2) clash += 50;
  if (stop.sunset && same((o) => Boolean(o.sunset)) >= 1) clash += 50;
  if (stop.category === 'hike' && same((o) => o.category === 'hike') >= 1) clash += 20;
  return distance + 0.75 * load.spots.length + clash;
}

export function planTrip(input: TripInput): TripPlan {
  const options = { base: input.base, pace: input.pace };
  const loads: DayLoad[] = input.days.map((day) => ({ day, events: [], spots: [] }));
  const byDay = new Map(loads.map((load) => [load.day, load]));
  const unplaced: UnplacedStop[] = [];
  const spots: { stop: TripSpot; index: number; days: CityDay[] }[] = [];

  input.stops.forEach((stop, index) => {
    if (stop.kind === 'event') {
      const load = byDay.get(stop.day);
      if (load) load.events.push(stop);
      else unplaced.push({ key: stop.key, name: stop.name, reason: 'Not on your dates' });
      return;
    }
    const pinnedDay = stop.pinned && byDay.has(stop.pinned.day) ? [stop.pinned.day] : null;
    const days = stop.closedReason ? [] : (pinnedDay ?? input.days.filter((day) => fitsDay(stop, day)));
    if (days.length === 0) unplaced.push({ key: stop.key, name: stop.name, reason: unplacedReason(stop, input.days) });
    else spots.push({ stop, index, days });
  });

  // The most constrained first; among equals, the reader's order.
  spots.sort((a, b) => a.days.length - b.days.length || a.index - b.index);
  for (const { stop, days } of spots) {
    let chosen: DayLoad | null = null;
    let chosenCost = Infinity;
    for (const day of days) {
      const load = byDay.get(day)!;
      if (load.spots.length >= STOPS_PER_DAY[input.pace] && !stop.pinned) continue;
      const cost = placementCost(stop, load, input.base);
      if (cost < chosenCost - 1e-9) {
        chosen = load;
        chosenCost = cost;
      }
    }
    if (chosen) chosen.spots.push(stop);
    else unplaced.push({ key: stop.key, name: stop.name, reason: 'No room left on those days: choose the full pace or add a day' });
  }

  const order = new Map(input.stops.map((stop, index) => [stop.key, index]));
  unplaced.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  return { days: loads.map((load) => orderDay(load.day, [...load.events, ...load.spots], options)), unplaced };
}
