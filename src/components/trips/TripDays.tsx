import { Fragment, type DragEvent } from 'react';
import type { TripPlanView } from '../../features/trips/api/trips';
import { categoryLabel } from '../../lib/spot-display';
import type { SpotCategory } from '../../lib/catalog';
import './trips.css';

type Day = TripPlanView['days'][number];
type Stop = Day['stops'][number];

/** What the planner can do to a stop; absent on the read-only shared page. */
export interface StopActions {
  move: (day: string, index: number, to: number) => void;
  moveToDay: (day: string, index: number, toDay: string) => void;
  pin: (key: string, minute: number | null) => void;
  remove: (key: string) => void;
  /** Drag and drop: the stop being dragged, dropped before another (or at the end of a day). */
  drop: (from: { day: string; index: number }, to: { day: string; index: number }) => void;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function dayLabel(day: string): string {
  return DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
}

function driveLabel(minutes: number, from: string | null): string {
  const drive = minutes === 0 ? 'A short walk' : `${minutes} min drive`;
  return from ? `${drive} from ${from}` : drive;
}

/** Sunrise, sunset and the day's driving; each wraps as a whole, its separator at the end of a line. */
function dayFacts(day: Day): string[] {
  const facts = [`Sunrise ${day.sunrise}`, `sunset ${day.sunset}`];
  if (day.stops.length > 0) facts.push(`${day.travelMinutes} min driving`);
  return facts;
}

function timeValue(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

function StopRow({
  stop,
  day,
  index,
  count,
  days,
  base,
  actions,
}: {
  stop: Stop;
  day: string;
  index: number;
  count: number;
  days: string[];
  base: string;
  actions?: StopActions;
}) {
  const kind = stop.kind === 'event' ? 'Event' : categoryLabel(stop.category as SpotCategory);
  const drag = actions && {
    draggable: true,
    onDragStart: (e: DragEvent<HTMLLIElement>) => e.dataTransfer.setData('text/plain', JSON.stringify({ day, index })),
    onDragOver: (e: DragEvent<HTMLLIElement>) => e.preventDefault(),
    onDrop: (e: DragEvent<HTMLLIElement>) => {
      e.preventDefault();
      const from = JSON.parse(e.dataTransfer.getData('text/plain') || 'null') as { day: string; index: number } | null;
      if (from) actions.drop(from, { day, index });
    },
  };
  return (
    <li className={`trip-stop${stop.warnings.length ? ' trip-stop--warn' : ''}`} data-key={stop.key} {...drag}>
      <p className="trip-stop__travel">{driveLabel(stop.travel, index === 0 ? base : null)}</p>
      <div className="trip-stop__body">
        <p className="trip-stop__time">
          <span>{stop.startLabel}</span>
          <span className="trip-stop__until"> – {stop.endLabel}</span>
          {stop.pinned && <span className="trip-stop__pin"> · time fixed</span>}
        </p>
        <h4 className="trip-stop__name">
          <a href={stop.href}>{stop.name}</a>
        </h4>
        <p className="trip-stop__meta">{[kind, stop.neighbourhood].filter(Boolean).join(' · ')}</p>
        {stop.warnings.map((warning) => (
          <p key={warning} className="trip-stop__warning">
            {warning}
          </p>
        ))}
        {actions && (
          <div className="trip-stop__actions" role="group" aria-label={`Change ${stop.name}`}>
            <button type="button" className="btn btn--ghost btn--small" disabled={index === 0} onClick={() => actions.move(day, index, index - 1)}>
              Earlier<span className="visually-hidden"> in the day: {stop.name}</span>
            </button>
            <button type="button" className="btn btn--ghost btn--small" disabled={index === count - 1} onClick={() => actions.move(day, index, index + 1)}>
              Later<span className="visually-hidden"> in the day: {stop.name}</span>
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => actions.remove(stop.key)}>
              Remove<span className="visually-hidden"> {stop.name}</span>
            </button>
            {days.length > 1 && (
              <label className="trip-stop__day">
                <span className="visually-hidden">Move {stop.name} to another day</span>
                <select className="select" value={day} onChange={(e) => actions.moveToDay(day, index, e.currentTarget.value)}>
                  {days.map((d) => (
                    <option key={d} value={d}>
                      {dayLabel(d)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {stop.kind === 'spot' && (
              <label className="trip-stop__fix">
                <span className="trip-stop__fix-label">
                  Fixed time<span className="visually-hidden"> for {stop.name}</span>
                </span>
                <input
                  type="time"
                  className="input"
                  value={stop.pinned ? timeValue(stop.start) : ''}
                  onChange={(e) => {
                    const [h, m] = e.currentTarget.value.split(':').map(Number);
                    actions.pin(stop.key, e.currentTarget.value ? h! * 60 + m! : null);
                  }}
                />
              </label>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** A trip's days, each with its stops, times, driving and warnings; editable when given actions. */
export function TripDays({ trip, actions }: { trip: TripPlanView; actions?: StopActions }) {
  const days = trip.days.map((d) => d.day);
  return (
    <div className="trip-days">
      {trip.days.map((day) => (
        <section key={day.day} className="trip-day" aria-labelledby={`trip-day-${day.day}`}>
          <header className="trip-day__head">
            <h3 id={`trip-day-${day.day}`}>{dayLabel(day.day)}</h3>
            <p className="trip-day__sun">
              {dayFacts(day).map((fact, i, all) => (
                <Fragment key={fact}>
                  <span>{i < all.length - 1 ? `${fact} ·` : fact}</span>
                  {i < all.length - 1 && ' '}
                </Fragment>
              ))}
            </p>
          </header>
          {day.stops.length === 0 ? (
            <p className="trip-day__empty muted">Nothing planned: a free day.</p>
          ) : (
            <ol className="trip-day__stops">
              {day.stops.map((stop, index) => (
                <StopRow key={stop.key} stop={stop} day={day.day} index={index} count={day.stops.length} days={days} base={trip.base.label} actions={actions} />
              ))}
            </ol>
          )}
          {day.stops.length > 0 && (
            // The day's driving total counts the way back too: shown, so the legs add up to it.
            <p className="trip-stop__travel trip-day__back">
              {driveLabel(Math.max(0, day.travelMinutes - day.stops.reduce((sum, stop) => sum + stop.travel, 0)), null)} back to {trip.base.label}
            </p>
          )}
        </section>
      ))}
      {trip.unplaced.length > 0 && (
        <section className="trip-unplaced" aria-labelledby="trip-unplaced">
          <h3 id="trip-unplaced">Not in the plan</h3>
          <ul>
            {trip.unplaced.map((u) => (
              <li key={u.key}>
                <a href={u.href}>{u.name}</a>: {u.reason}
                {actions && (
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => actions.remove(u.key)}>
                    Remove<span className="visually-hidden"> {u.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
