import { formatCityDay, formatCityTime } from '../../lib/city-time';
import { deriveEventTags, type EventTag } from '../../lib/event-tags';
import type { CalendarEvent } from '../../features/events/api/get-events';
import { isSampleEvent } from '../../features/events/sample-events';
import { LinkIcon, PinIcon } from '../spots/icons';
import { eventIcsPath } from '../../lib/calendar-links';
import { AddToCalendar } from './AddToCalendar';
import './event-card.css';

const TAG_TONES: Record<EventTag, string> = {
  'Live Music': 'dusk',
  'Food Truck': 'terracotta',
  'Family Friendly': 'teal',
  Art: 'rose',
  Market: 'sun',
  Fitness: 'saguaro',
  Entertainment: 'sky',
  Community: 'stone',
};

// Scraped links are shown as-is, so only web addresses become links.
function isWebLink(link: string | null): link is string {
  return !!link && /^https?:\/\//i.test(link);
}

/**
 * One calendar card: when, where, what, its derived tags and a Learn More link. `past`: its day is over;
 * `wide`: the screen is wider than a phone, so the card stays open.
 */
export function EventCard({ event, past = false, wide = false }: { event: CalendarEvent; past?: boolean; wide?: boolean }) {
  const day = formatCityDay(event.startDate);
  const [weekday = '', monthDay = ''] = day.split(', ');
  const dayNumber = monthDay.split(' ')[1] ?? '';
  const headingId = `event-${event.id}-title`;
  const sample = isSampleEvent(event);
  const addable = !past && !sample;
  const webLink = isWebLink(event.link) ? event.link : null;

  return (
    <article
      className={past ? 'event-card event-card--past' : 'event-card'}
      aria-labelledby={headingId}
      data-event-id={event.id}
      data-event-type={event.eventType ?? undefined}>
      {/* On a phone the card is an agenda line (date, title, time, venue) that opens in place, with or
          without JavaScript; on a wider screen it is always open and its head is no control. */}
      <details className="event-card__fold" open={wide || undefined}>
        <summary className="event-card__summary" tabIndex={wide ? -1 : undefined} onClick={wide ? (e) => e.preventDefault() : undefined}>
          <time className="event-card__date" dateTime={event.startDate} aria-hidden="true">
            <span>{weekday}</span>
            <strong>{dayNumber}</strong>
          </time>
          <h3 id={headingId} className="event-card__title">
            {event.title}
          </h3>
          <span className="event-card__when">
            <time dateTime={event.startDate}>
              {day} · {formatCityTime(event.startDate)}
            </time>
          </span>
          {event.location && (
            <span className="event-card__location">
              <PinIcon />
              <span>{event.location}</span>
            </span>
          )}
        </summary>

        <div className="event-card__more">
          {event.description && (
            // Two lines on a wide card; a tap opens the rest in place. An open phone card shows it whole.
            <details className="event-card__about">
              <summary>
                <span className="event-card__description">{event.description}</span>
              </summary>
            </details>
          )}

          <div className="event-card__labels">
            {event.eventType && (
              <p className="event-card__type">
                <span className="visually-hidden">Type: </span>
                {event.eventType}
              </p>
            )}
            {(event.isTrending || event.isNewThisWeek || sample || past) && (
              <div className="event-card__badges">
                {past && <span className="badge event-badge--ended">Ended</span>}
                {event.isTrending && <span className="badge badge--sun event-badge--trending">Trending</span>}
                {event.isNewThisWeek && <span className="badge badge--saguaro event-badge--new">New This Week</span>}
                {sample && <span className="badge event-badge--sample">Sample</span>}
              </div>
            )}
            <ul className="event-card__tags" aria-label="Tags">
              {deriveEventTags(event).map((tag) => (
                <li key={tag} className={`tag tag--${TAG_TONES[tag]}`}>
                  {tag}
                </li>
              ))}
            </ul>
          </div>

          {(addable || webLink) && (
            <div className="event-card__actions">
              {addable && (
                <AddToCalendar
                  entry={{ title: event.title, start: event.startDate, end: event.endDate, description: event.description, location: event.location, url: webLink }}
                  icsHref={eventIcsPath(event.id)}
                />
              )}
              {webLink && (
                <a className="btn btn--secondary btn--small" href={webLink} target="_blank" rel="noopener noreferrer">
                  Learn More<span className="visually-hidden"> about {event.title}</span> <LinkIcon />
                </a>
              )}
            </div>
          )}
        </div>
      </details>
    </article>
  );
}
