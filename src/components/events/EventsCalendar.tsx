import { useEffect, useState } from 'react';
import { useEvents, type CalendarEvents } from '../../features/events/api/get-events';
import { calendarSource, sampleEvents } from '../../features/events/sample-events';
import { endedLast, eventsInWeek, isCurrentWeek, parseWeekParam, shiftWeek, weekLabel, weekParam, weekRange } from '../../lib/calendar-week';
import { cityDayKey, weekOf } from '../../lib/city-time';
import { QueryRoot } from '../ui/QueryRoot';
import { useMediaQuery } from '../ui/use-media-query';
import { EventCard } from './EventCard';
import '../spots/spots.css';
import './events.css';

export interface EventsCalendarProps {
  /** Every event of the loaded window; null when the page could not load them. */
  initialEvents: CalendarEvents | null;
  /** The loaded window (ISO instants); weeks outside it are fetched on demand. */
  loadedFrom: string;
  loadedTo: string;
  /** The shown week's Sunday, 'YYYY-MM-DD'. */
  initialWeek: string;
  initialCategory: string | null;
  /** The server's clock at render, so hydration agrees on which week is current. */
  renderedAt: string;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function relativeWeek(week: Date, now: Date): string {
  const weeks = Math.round((weekOf(week).getTime() - weekOf(now).getTime()) / WEEK_MS);
  if (weeks === 0) return 'This week';
  if (weeks === 1) return 'Next week';
  if (weeks === -1) return 'Last week';
  return weeks > 1 ? `In ${weeks} weeks` : `${-weeks} weeks ago`;
}

const Chevron = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
  </svg>
);

function Calendar({ initialEvents, loadedFrom, loadedTo, initialWeek, initialCategory, renderedAt }: EventsCalendarProps) {
  const [now, setNow] = useState(() => new Date(renderedAt));
  const [week, setWeek] = useState(() => parseWeekParam(initialWeek, new Date(renderedAt)));
  const [category, setCategory] = useState<string | null>(initialCategory);
  const onCurrentWeek = isCurrentWeek(week, now);
  // Below this width a card folds to its head (event-card.css holds the same breakpoint).
  const wide = useMediaQuery('(min-width: 700px)');

  // eslint-disable-next-line react-hooks/set-state-in-effect -- the server's time until hydration, so both renders agree; then the visitor's clock
  useEffect(() => setNow(new Date()), []);

  // The shown week and category live in the URL so a week can be shared and survives reload.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (onCurrentWeek) params.delete('week');
    else params.set('week', weekParam(week));
    if (category) params.set('category', category);
    else params.delete('category');
    const query = params.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(null, '', url);
  }, [week, category, onCurrentWeek]);

  const calendar = useEvents({ queryConfig: { initialData: initialEvents ?? undefined } });
  const { start, end } = weekRange(week);
  const outsideWindow = start < new Date(loadedFrom) || end > new Date(loadedTo);
  const farWeek = useEvents({ window: { from: start, to: end }, queryConfig: { enabled: outsideWindow } });

  // The samples only when the events call returned nothing (spec §2); a failed call says so.
  const state = calendarSource(calendar);
  const loaded = Array.isArray(state) ? state : state === 'samples' ? [] : undefined;
  const showingSamples = state === 'samples';
  const calendarFailed = state === 'failed';
  const source = showingSamples ? sampleEvents(week) : outsideWindow ? (farWeek.data ?? undefined) : loaded;
  const weekEvents = source ? eventsInWeek(source, week) : undefined;
  const today = cityDayKey(now);
  const isPastDay = (event: { startDate: string | Date }) => cityDayKey(event.startDate) < today;
  const inCategory = weekEvents && (category ? weekEvents.filter((event) => event.eventType === category) : weekEvents);
  const shown = inCategory && endedLast(inCategory, isPastDay);

  // Types across every loaded event, so the chips stay put while paging through weeks.
  const typeSet = new Set<string>(category ? [category] : []);
  for (const event of [...(loaded ?? []), ...(weekEvents ?? [])]) if (event.eventType) typeSet.add(event.eventType);
  const types = [...typeSet].sort((a, b) => a.localeCompare(b));

  const count = shown?.length ?? 0;
  // In the current week the days already over fold under one line, still in the page (and its count).
  const upcoming = shown?.filter((event) => !isPastDay(event)) ?? [];
  const ended = shown?.filter(isPastDay) ?? [];
  const foldEnded = onCurrentWeek && upcoming.length > 0 && ended.length > 0;
  const goToCurrentWeek = () => {
    const today = new Date();
    setNow(today);
    setWeek(weekOf(today));
  };
  const farWeekFailed = outsideWindow && !showingSamples && farWeek.isError;

  return (
    <div className="events-calendar">
      <div className="week-bar">
        <div className="week-bar__heading">
          <span className="eyebrow">{relativeWeek(week, now)}</span>
          <h2 className="week-bar__label" aria-live="polite">
            {weekLabel(week)}
          </h2>
        </div>
        <div className="week-bar__nav" role="group" aria-label="Week">
          <button type="button" className="btn btn--secondary week-bar__prev" onClick={() => setWeek(shiftWeek(week, -1))}>
            <Chevron direction="left" />
            Previous Week
          </button>
          <button type="button" className="btn btn--ghost week-bar__today" disabled={onCurrentWeek} onClick={goToCurrentWeek}>
            Go to Current Week
          </button>
          <button type="button" className="btn btn--secondary week-bar__next" onClick={() => setWeek(shiftWeek(week, 1))}>
            Next Week
            <Chevron direction="right" />
          </button>
        </div>
      </div>

      <div className="events-toolbar">
        {types.length > 0 && (
          <div className="chip-row events-toolbar__chips" role="group" aria-label="Category">
            <button type="button" className="chip" aria-pressed={category === null} onClick={() => setCategory(null)}>
              All
            </button>
            {types.map((type) => (
              <button key={type} type="button" className="chip" aria-pressed={category === type} onClick={() => setCategory(type)}>
                {type}
              </button>
            ))}
          </div>
        )}
        {shown && (
          <p className="events-count" aria-live="polite">
            {count} {count === 1 ? 'event' : 'events'} this week
          </p>
        )}
      </div>

      {showingSamples && (
        <p className="events-sample-note" role="note">
          Sample events — the live calendar is updating.
        </p>
      )}

      {calendarFailed ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">We couldn't load the events calendar right now.</p>
          <p className="muted">This is on our side, not yours. Try again in a moment.</p>
          <button type="button" className="btn btn--secondary" onClick={() => calendar.refetch()}>
            Try again
          </button>
        </div>
      ) : farWeekFailed ? (
        <div className="empty-state">
          <p className="empty-state__title">We couldn't load this week's events.</p>
          <button type="button" className="btn btn--secondary" onClick={() => farWeek.refetch()}>
            Try again
          </button>
        </div>
      ) : !shown ? (
        <p className="events-loading" role="status">
          Loading events...
        </p>
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">No events found for this week.</p>
          <p className="muted">Try selecting a different week or category.</p>
        </div>
      ) : (
        <>
          <div className="event-grid">
            {(foldEnded ? upcoming : shown).map((event) => (
              <EventCard key={event.id} event={event} past={isPastDay(event)} wide={wide} />
            ))}
          </div>
          {foldEnded && (
            <details className="events-ended">
              <summary>Earlier this week ({ended.length} ended)</summary>
              <div className="event-grid">
                {ended.map((event) => (
                  <EventCard key={event.id} event={event} past wide={wide} />
                ))}
              </div>
            </details>
          )}
        </>
      )}
    </div>
  );
}

/** The /events weekly calendar: Sunday-to-Saturday weeks in city time, week and category in the URL. */
export default function EventsCalendar(props: EventsCalendarProps) {
  return (
    <QueryRoot>
      <Calendar {...props} />
    </QueryRoot>
  );
}
