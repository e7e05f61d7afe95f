import { addDays } from 'date-fns';
import { cityDayKey } from './city-format';
import type { OpeningHours } from './opening-hours';

/** How long before its yearly dates a seasonal spot joins the leaderboard. */
export const SEASON_LEAD_DAYS = 30;

/** The rule as the leaderboard page states it. */
export const LEADERBOARD_SEASON_RULE = `Spots that run only part of the year, like an annual show or a winter market, are ranked from ${SEASON_LEAD_DAYS} days before their dates until they end; closed spots are left out.`;

function inWindow(day: string, from: string, to: string): boolean {
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

/**
 * Whether a spot is in season: always, unless its hours hold only in yearly windows; then from
 * SEASON_LEAD_DAYS before a window opens until it closes (city days). A February horse show is
 * out of season in November.
 */
export function inSeason(hours: OpeningHours | null, now: Date): boolean {
  if (!hours || hours.kind !== 'weekly' || !hours.seasons?.length) return true;
  const seasons = hours.seasons;
  for (let ahead = 0; ahead <= SEASON_LEAD_DAYS; ahead++) {
    const day = cityDayKey(addDays(now, ahead)).slice(5);
    if (seasons.some(({ from, to }) => inWindow(day, from, to))) return true;
  }
  return false;
}

/** A spot as the leaderboard rule reads it. */
export interface RankedSpot {
  hours: OpeningHours | null;
}

/**
 * Whether a spot may be ranked now: the one rule /top-spots, the home Top 5 and GET /api/spots/top
 * share. The score (spec §9) is unchanged; this only leaves spots out while they are out of
 * season. A spot's open/closed status joins here as `closed`, when spots have one.
 */
export function rankedNow(spot: RankedSpot, now: Date, closed: (spot: RankedSpot) => boolean = () => false): boolean {
  return inSeason(spot.hours, now) && !closed(spot);
}
