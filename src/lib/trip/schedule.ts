/**
 * One day of a trip in a given order: when each stop starts and ends, the travel between them, and
 * what is wrong with it (a stop past closing, a hike in the midday heat, a missed sunset). The same
 * function places a fresh plan and re-flows one the reader has edited, so the two always agree.
 */
import type { LatLng } from '../geo';
import { openMinutesOn, sunOn, type CityDay } from '../opening-hours';
import { DAY_ENDS, DAY_STARTS, minuteLabel, startWindows, travelMinutes, visitMinutes, type TripPace, type TripSpot, type TripStop } from './stops';

export interface ScheduledStop {
  key: string;
  name: string;
  kind: TripStop['kind'];
  start: number;
  end: number;
  /** Minutes from the previous stop (from where you stay for the first one). */
  travel: number;
  pinned: boolean;
  warnings: string[];
}

export interface DaySchedule {
  day: CityDay;
  sunrise: number;
  sunset: number;
  stops: ScheduledStop[];
  /** All the day's driving, back to where you stay included. */
  travelMinutes: number;
  /** Warnings over the day's stops (what the optimiser keeps low). */
  problems: number;
  /** Minutes spent waiting for a place to open or a window to begin. */
  waitMinutes: number;
}

interface Placement {
  start: number;
  warnings: string[];
}

const MIN_VISIT_BEFORE_CLOSE = 30;

function openIntervals(stop: TripSpot, day: CityDay): { start: number; end: number }[] {
  return stop.hours ? openMinutesOn(stop.hours, day) : [{ start: 0, end: 24 * 60 }];
}

/** The earliest start at or after `from` inside an opening, and the warning when the visit runs past closing. */
function alignToOpening(from: number, visit: number, opens: readonly { start: number; end: number }[]): Placement | null {
  const interval = opens.find((open) => open.end - MIN_VISIT_BEFORE_CLOSE >= from);
  if (!interval) return null;
  const start = Math.max(from, interval.start);
  const warnings = start + visit > interval.end ? [`Closes at ${minuteLabel(interval.end)}: the visit runs past closing`] : [];
  return { start, warnings };
}

function placeSpot(stop: TripSpot, day: CityDay, ready: number, earliest: number, sun: { sunrise: number; sunset: number }): Placement {
  const visit = visitMinutes(stop);
  const opens = openIntervals(stop, day);
  if (stop.pinned?.day === day) {
    const start = stop.pinned.minute;
    const warnings = ready > start ? ['Not enough time to get here'] : [];
    const open = opens.find((o) => o.start <= start && start < o.end);
    if (!open) warnings.push('Closed at this time');
    else if (start + visit > open.end) warnings.push(`Closes at ${minuteLabel(open.end)}: the visit runs past closing`);
    return { start, warnings };
  }
  const from = Math.max(ready, earliest);
  const preferred = startWindows(stop, day, sun);
  // A window sets its own time of day: a hike in the heat starts before the day's usual start.
  for (const window of preferred?.windows ?? []) {
    if (window.to < ready) continue;
    const placed = alignToOpening(Math.max(ready, window.from), visit, opens);
    if (placed && placed.start <= window.to) return placed;
  }
  const placed = alignToOpening(from, visit, opens);
  if (!placed) return { start: from, warnings: [opens.length ? 'Closed by then' : 'Closed all day'] };
  return preferred ? { ...placed, warnings: [...placed.warnings, preferred.missed] } : placed;
}

/** Times for a day's stops in this order, starting from (and returning to) `base`. */
export function scheduleDay(day: CityDay, order: readonly TripStop[], options: { base: LatLng | null; pace: TripPace }): DaySchedule {
  const sun = sunOn(day);
  const stops: ScheduledStop[] = [];
  let position = options.base;
  let clock = -Infinity;
  let travelTotal = 0;
  let problems = 0;
  let waitMinutes = 0;
  for (const stop of order) {
    const travel = travelMinutes(position, stop.position);
    const ready = clock + travel;
    let placed: Placement;
    if (stop.kind === 'event') {
      placed = { start: stop.start, warnings: [] };
      if (stop.day !== day) placed.warnings.push('This event is on another day');
      else if (ready > stop.start) placed.warnings.push('Starts before you can get here');
    } else {
      placed = placeSpot(stop, day, ready, DAY_STARTS[options.pace], sun);
    }
    const end = placed.start + visitMinutes(stop);
    if (end > DAY_ENDS) placed.warnings.push('Runs late');
    if (Number.isFinite(ready)) waitMinutes += Math.max(0, placed.start - ready);
    travelTotal += travel;
    problems += placed.warnings.length;
    const pinned = stop.kind === 'spot' && stop.pinned?.day === day;
    stops.push({ key: stop.key, name: stop.name, kind: stop.kind, start: placed.start, end, travel, pinned, warnings: placed.warnings });
    position = stop.position;
    clock = Math.max(clock, end);
  }
  if (order.length > 0) travelTotal += travelMinutes(position, options.base);
  return { day, sunrise: sun.sunrise, sunset: sun.sunset, stops, travelMinutes: travelTotal, problems, waitMinutes };
}
