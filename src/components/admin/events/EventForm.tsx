import { useState, type FormEvent } from 'react';
import { addEvent, editEvent, type DeskEvent } from '../../../features/admin/api/events-desk';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { flashToast } from '../flash';

// Scottsdale keeps Mountain Standard Time all year (no daylight saving), so a city wall-clock time is always UTC-7.
const CITY_OFFSET_MS = -7 * 3_600_000;
const toInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + CITY_OFFSET_MS).toISOString().slice(0, 16) : '');
const fromInput = (value: string) => (value ? `${value}:00-07:00` : null);

const FIELDS = ['title', 'startDate', 'endDate', 'location', 'eventType', 'link', 'description'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  title: 'Title',
  startDate: 'Starts (Scottsdale time)',
  endDate: 'Ends (Scottsdale time)',
  location: 'Place',
  eventType: 'Category',
  link: 'Link',
  description: 'Description',
};

/** Adds an event by hand, or edits one; the fields changed on an imported event are kept from later imports. */
export default function EventForm({ event }: { event?: DeskEvent }) {
  const initial = Object.fromEntries(
    FIELDS.map((f) => [f, f === 'startDate' || f === 'endDate' ? toInput(event?.[f] ?? null) : ((event?.[f] as string | null | undefined) ?? '')]),
  ) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body: Record<string, string | null> = {};
    for (const f of FIELDS) {
      if (event && values[f] === initial[f]) continue;
      body[f] = f === 'startDate' || f === 'endDate' ? fromInput(values[f]) : values[f];
    }
    if (event && Object.keys(body).length === 0) {
      toast({ title: 'Nothing to save', description: 'Change a field first.' });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const saved = event ? await editEvent(event.id, body) : await addEvent(body);
      flashToast({ title: event ? 'Event saved' : 'Event added', description: `${saved.event.title} is saved.` });
      window.location.assign(`/admin/events/${saved.event.id}`);
    } catch (failure) {
      const fields = failure instanceof ApiError ? (JSON.parse(failure.body || '{}') as { fields?: Record<string, string> }).fields : undefined;
      if (fields) setErrors(fields);
      toast({
        title: 'Could not save',
        description: failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
      setSaving(false);
    }
  }

  const edited = new Set(event?.editedFields ?? []);
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__grid">
        {FIELDS.map((f) => (
          <div className={`field${f === 'description' ? ' admin-form__wide' : ''}`} key={f}>
            <label htmlFor={`event-${f}`}>
              {LABELS[f]}
              {(f === 'title' || f === 'startDate') && <span aria-hidden="true"> *</span>}
            </label>
            {f === 'description' ? (
              <textarea
                id={`event-${f}`}
                className="input textarea"
                rows={4}
                value={values[f]}
                aria-invalid={Boolean(errors[f])}
                onInput={(e) => setValues((v) => ({ ...v, [f]: e.currentTarget.value }))}
              />
            ) : (
              <input
                id={`event-${f}`}
                className="input"
                type={f === 'startDate' || f === 'endDate' ? 'datetime-local' : f === 'link' ? 'url' : 'text'}
                value={values[f]}
                required={f === 'title' || f === 'startDate'}
                aria-invalid={Boolean(errors[f])}
                onInput={(e) => setValues((v) => ({ ...v, [f]: e.currentTarget.value }))}
              />
            )}
            {event?.source === 'browse_ai' && edited.has(f) && <p className="field__hint">Changed by hand: imports leave it as it is.</p>}
            {errors[f] && (
              <p className="field__error" role="alert">
                {errors[f]}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : event ? 'Save event' : 'Add event'}
        </button>
      </div>
    </form>
  );
}
