/** The calendar's built-in sample events, shown when the events call returns nothing (spec §2). */
import { cityDateTime, weekOf } from '../../lib/city-time';
import type { CalendarEvent } from './api/get-events';

/** The source that marks an event as a built-in sample rather than a listing. */
export const SAMPLE_EVENT_SOURCE = 'sample';

const EVENTS_PAGE = 'https://www.experiencescottsdale.com/events/';

interface SampleEvent {
  title: string;
  description: string;
  dayOffset: number;
  startTime: string;
  location: string;
  eventType: string;
  tags: string[];
  isTrending: boolean;
  isNewThisWeek: boolean;
}

const SAMPLES: readonly SampleEvent[] = [
  {
    title: 'Family Sunrise Hike at Gateway Trailhead',
    description: 'An easy guided loop through the saguaros as the McDowells light up. Kids welcome; bring water and a hat.',
    dayOffset: 0,
    startTime: '07:00',
    location: 'McDowell Sonoran Preserve, Gateway Trailhead',
    eventType: 'Outdoors',
    tags: ['Hiking', 'Sunrise'],
    isTrending: false,
    isNewThisWeek: false,
  },
  {
    title: 'Scottsdale ArtWalk',
    description: 'Old Town galleries open their doors for an evening of new exhibitions, live painting and artists on hand.',
    dayOffset: 4,
    startTime: '19:00',
    location: 'Main Street Arts District, Old Town',
    eventType: 'Arts',
    tags: ['Galleries'],
    isTrending: true,
    isNewThisWeek: false,
  },
  {
    title: 'Food Truck Friday at the Waterfront',
    description: 'Local food trucks line up along the canal with tacos, barbecue and paletas, plus live music from a local band.',
    dayOffset: 5,
    startTime: '17:30',
    location: 'Scottsdale Waterfront, Old Town',
    eventType: 'Food & Drink',
    tags: ['Food Trucks'],
    isTrending: false,
    isNewThisWeek: true,
  },
  {
    title: 'Old Town Farmers Market',
    description: 'Desert honey, fresh tortillas, microgreens and coffee roasters every Saturday morning. Come early for the best produce.',
    dayOffset: 6,
    startTime: '08:00',
    location: 'Brown Ave & 1st St, Old Town',
    eventType: 'Market',
    tags: ['Local Produce'],
    isTrending: false,
    isNewThisWeek: false,
  },
];

/** The four sample events dated inside the week that contains `week` (city time); negative ids. */
export function sampleEvents(week: Date): CalendarEvent[] {
  const sunday = weekOf(week);
  return SAMPLES.map((sample, index) => ({
    id: -(index + 1),
    title: sample.title,
    description: sample.description,
    startDate: cityDateTime(sunday, sample.dayOffset, sample.startTime).toISOString(),
    endDate: null,
    location: sample.location,
    link: EVENTS_PAGE,
    eventType: sample.eventType,
    tags: sample.tags,
    isTrending: sample.isTrending,
    isNewThisWeek: sample.isNewThisWeek,
    source: SAMPLE_EVENT_SOURCE,
    createdAt: sunday.toISOString(),
  }));
}

export function isSampleEvent(event: Pick<CalendarEvent, 'source'>): boolean {
  return event.source === SAMPLE_EVENT_SOURCE;
}

/**
 * What the calendar shows for the state of its events call: the samples only when the call
 * answered with no events, never when it failed (a reader must not take invented events for real
 * ones while the server is down); a failure is said as such.
 */
export function calendarSource<T>(call: { isSuccess: boolean; isError: boolean; data: T[] | undefined }): 'loading' | 'failed' | 'samples' | T[] {
  if (call.isSuccess) return call.data && call.data.length > 0 ? call.data : 'samples';
  return call.isError ? 'failed' : 'loading';
}
