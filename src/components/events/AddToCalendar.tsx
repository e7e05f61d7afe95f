import { useEffect, useRef } from 'react';
import { googleCalendarUrl, outlookCalendarUrl, type CalendarEntry } from '../../lib/calendar-links';
import './add-to-calendar.css';

export const CalendarIcon = () => (
  <svg className="add-cal__icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="3" y="4.5" width="18" height="16.5" rx="2.5" />
    <path d="M8 2.5v4M16 2.5v4M3 9.5h18M12 13v5M9.5 15.5h5" />
  </svg>
);

interface Props {
  entry: CalendarEntry;
  /** The site's own .ics of this event. */
  icsHref: string;
  /** `quiet`: a text-like control for lists (the home page); else a pill like the card buttons. */
  quiet?: boolean;
}

/** "Add to calendar" on one event: download the .ics, or open Google Calendar or Outlook with it filled in. */
export function AddToCalendar({ entry, icsHref, quiet = false }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);

  // Closes on a tap elsewhere or Escape, as a menu does.
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details ref={ref} className={quiet ? 'add-cal add-cal--quiet' : 'add-cal'} data-add-to-calendar>
      <summary>
        <CalendarIcon />
        Add to calendar
        <span className="visually-hidden">: {entry.title}</span>
      </summary>
      <ul className="add-cal__menu">
        <li>
          <a href={icsHref} download>
            <span className="add-cal__mark" aria-hidden="true">
              .ics
            </span>
            <span>
              Download .ics<small>Apple Calendar and others</small>
            </span>
          </a>
        </li>
        <li>
          <a href={googleCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
            <span className="add-cal__mark add-cal__mark--google" aria-hidden="true">
              G
            </span>
            Google Calendar
          </a>
        </li>
        <li>
          <a href={outlookCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
            <span className="add-cal__mark add-cal__mark--outlook" aria-hidden="true">
              O
            </span>
            Outlook.com
          </a>
        </li>
      </ul>
    </details>
  );
}
