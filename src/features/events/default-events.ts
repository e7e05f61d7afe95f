import { addDays } from 'date-fns';
import { cityDateTime, cityDayStart, inCity } from '../../lib/city-time';
import type { WeeklyEvent } from './api/get-weekly-events';

const EVENTS_PAGE = 'https://www.experiencescottsdale.com/events/';

/**
 * Shown when the server has no events for the coming days: the city's standing weekend
 * rituals, dated to the next Friday, Saturday and Sunday (city time). Negative ids mark them.
 */
export function defaultWeekendEvents(now: Date = new Date()): WeeklyEvent[] {
  const today = cityDayStart(now);
  const weekday = inCity(now).getDay();
  const untilFriday = (5 - weekday + 7) % 7;
  const friday = addDays(today, untilFriday);
  const at = (days: number, time: string) => cityDateTime(friday, days, time).toISOString();
  return [
    {
      id: -1,
      title: 'Friday Night Patio Crawl in Old Town',
      date: at(0, '18:00'),
      endDate: null,
      location: 'Old Town Scottsdale',
      description: 'Start at golden hour and wander between the patios along Craftsman Court and 5th Avenue.',
      link: EVENTS_PAGE,
    },
    {
      id: -2,
      title: 'Saturday Morning Farmers Market',
      date: at(1, '08:00'),
      endDate: null,
      location: 'Old Town Farmers Market, Brown Ave & 1st St',
      description: 'Local growers, bakers and coffee roasters every Saturday morning; come early for the best produce.',
      link: EVENTS_PAGE,
    },
    {
      id: -3,
      title: 'Sunday Sunrise at Gateway Trailhead',
      date: at(2, '06:30'),
      endDate: null,
      location: 'McDowell Sonoran Preserve, Gateway Trailhead',
      description: 'An easy loop through saguaros as the McDowells light up; bring water and a friend.',
      link: EVENTS_PAGE,
    },
  ];
}
