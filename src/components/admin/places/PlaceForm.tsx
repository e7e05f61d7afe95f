import { useState, type FormEvent } from 'react';
import { addPlace, editPlace, type DeskPlace, type PlaceBody } from '../../../features/admin/api/places-desk';
import { ApiError } from '../../../lib/api-client';
import { PRICE_RANGES } from '../../../lib/place-input';
import { toast } from '../../ui/toast-store';
import { flashToast } from '../flash';

const TEXT_FIELDS = [
  ['name', 'Name', true],
  ['location', 'Area', true],
  ['rating', 'Rating (0–5)', true],
  ['tags', 'Tags (separated by ;)', false],
  ['link', 'Link (where View goes when it is not one of our spots)', true],
  ['image', 'Picture (web address or /images/… path)', true],
  ['reservationUrl', 'Booking page (shows Reserve)', false],
  ['spotSlug', 'Our spot’s address (/spots/…)', false],
  ['reviewCount', 'Reviews text', false],
  ['openingStatus', 'Opening text (when no hours are stored)', false],
  ['latitude', 'Latitude', false],
  ['longitude', 'Longitude', false],
  ['highlight', 'Highlight', false],
] as const;
type Field = (typeof TEXT_FIELDS)[number][0] | 'kind' | 'priceRange';

function valuesOf(place?: DeskPlace): Record<Field, string> {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    kind: place?.kind ?? 'restaurant',
    priceRange: place?.priceRange ?? '$$',
    name: text(place?.name),
    location: text(place?.location),
    rating: text(place?.rating),
    tags: place?.tags.join('; ') ?? '',
    link: text(place?.link),
    image: text(place?.image),
    reservationUrl: text(place?.reservationUrl),
    spotSlug: text(place?.spotSlug),
    reviewCount: text(place?.reviewCount),
    openingStatus: text(place?.openingStatus),
    latitude: text(place?.latitude),
    longitude: text(place?.longitude),
    highlight: text(place?.highlight),
  };
}

function bodyOf(values: Record<Field, string>, fields: readonly Field[]): PlaceBody {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f].trim();
    if (f === 'tags')
      body.tags = value
        .split(';')
        .map((t) => t.trim())
        .filter(Boolean);
    else if (f === 'rating') body.rating = value === '' ? null : Number(value);
    else body[f] = value;
  }
  return body;
}

/** Adds a restaurant or activity, or edits one; the server checks every field again. */
export default function PlaceForm({ place }: { place?: DeskPlace }) {
  const initial = valuesOf(place);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (f: Field) => (e: { currentTarget: { value: string } }) => setValues((v) => ({ ...v, [f]: e.currentTarget.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const all = Object.keys(initial) as Field[];
    const changed = place ? all.filter((f) => values[f] !== initial[f]) : all.filter((f) => f !== 'spotSlug' || values.spotSlug.trim() !== '');
    if (place && changed.length === 0) {
      toast({ title: 'Nothing to save', description: 'Change a field first.' });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const body = bodyOf(values, changed);
      const saved = place ? await editPlace(place.id, body) : await addPlace(body);
      flashToast({ title: place ? 'Place saved' : 'Place added', description: `${saved.place.name} is saved.` });
      window.location.assign(`/admin/places/${saved.place.id}`);
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

  const error = (f: string) =>
    errors[f] && (
      <p className="field__error" role="alert" id={`place-${f}-error`}>
        {errors[f]}
      </p>
    );
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__grid">
        <div className="field">
          <label htmlFor="place-kind">Kind</label>
          <select id="place-kind" className="input" value={values.kind} onChange={set('kind')}>
            <option value="restaurant">Restaurant</option>
            <option value="activity">Activity</option>
          </select>
          {error('kind')}
        </div>
        <div className="field">
          <label htmlFor="place-priceRange">Price</label>
          <select id="place-priceRange" className="input" value={values.priceRange} onChange={set('priceRange')}>
            {PRICE_RANGES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          {error('priceRange')}
        </div>
        {TEXT_FIELDS.map(([f, label, required]) => (
          <div className={`field${f === 'highlight' ? ' admin-form__wide' : ''}`} key={f}>
            <label htmlFor={`place-${f}`}>
              {label}
              {required && <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={`place-${f}`}
              className="input"
              type={f === 'link' || f === 'reservationUrl' ? 'url' : 'text'}
              inputMode={f === 'rating' || f === 'latitude' || f === 'longitude' ? 'decimal' : undefined}
              value={values[f]}
              required={required}
              aria-invalid={Boolean(errors[f])}
              onInput={set(f)}
            />
            {f === 'spotSlug' && !place && <p className="field__hint">Left empty, a spot with the same name (or a near one close by) is linked.</p>}
            {error(f)}
          </div>
        ))}
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : place ? 'Save place' : 'Add place'}
        </button>
      </div>
    </form>
  );
}
