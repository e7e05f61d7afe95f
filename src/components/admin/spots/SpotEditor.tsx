import { useMemo, useState, type FormEvent } from 'react';
import { editSpot, type EditorSpot } from '../../../features/admin/api/edit-spot';
import { ApiError } from '../../../lib/api-client';
import { SPOT_CATEGORIES, SPOT_CATEGORY_LABELS, SPOT_TAGS } from '../../../lib/catalog';
import { positionFromMapsUrl } from '../../../lib/spot-edit';
import { SPOT_STATUSES, SPOT_STATUS_LABELS } from '../../../lib/spot-status';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast, useFlashToast } from '../flash';
import { PhotoUpload } from '../PhotoUpload';
import type { MapSettings } from '../../map/PlaceMap';
import { HoursEditor } from './HoursEditor';
import { PinPicker } from './PinPicker';
import { changedBody, editorState, type EditorState } from './editor-state';
import './spot-editor.css';

interface Props {
  spot: EditorSpot;
  /** Spots in the guide a closed one can have moved to. */
  others: { id: number; name: string }[];
  /** The map tiles the position field's map shows. */
  map: MapSettings;
}

type TextKey = { [K in keyof EditorState]: EditorState[K] extends string ? K : never }[keyof EditorState];

/**
 * Every field of one spot. Saving sends only what changed, with the version that was opened: when
 * another editor saved first the server refuses (409) and says to reload. The page is drawn by the
 * server, so after a save it reloads and shows the spot as it now is.
 */
export default function SpotEditor({ spot, others, map }: Props) {
  const initial = useMemo(() => editorState(spot), [spot]);
  const [values, setValues] = useState<EditorState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [verified, setVerified] = useState(false);
  const [publicLine, setPublicLine] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  useFlashToast();
  const set = (key: TextKey) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const patch = (next: Partial<EditorState>) => setValues((v) => ({ ...v, ...next }));
  const draft = spot.draft === 1;
  const changes = changedBody(initial, values, spot.imageUrl);
  const dirty = Object.keys(changes).length > 0;

  const field = (key: TextKey, label: string, options: { hint?: string; multiline?: boolean; type?: string; errorKey?: string; max?: number } = {}) => {
    const error = errors[options.errorKey ?? key];
    const common = { id: `edit-${key}`, value: values[key] as string, onChange: set(key), 'aria-invalid': Boolean(error), maxLength: options.max };
    return (
      <div className="field">
        <label htmlFor={`edit-${key}`}>{label}</label>
        {options.multiline ? <textarea className="textarea" rows={4} {...common} /> : <input className="input" type={options.type ?? 'text'} {...common} />}
        {options.hint && <p className="field__hint">{options.hint}</p>}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };

  function pinFromLink() {
    const position = positionFromMapsUrl(values.mapsUrl);
    if (!position)
      return setErrors((e) => ({
        ...e,
        latitude: 'This link holds no position. Open the place in Google Maps and copy the link from the address bar, or type the numbers.',
      }));
    setErrors(({ latitude: _l, longitude: _g, ...rest }) => rest);
    patch({ latitude: String(position.latitude), longitude: String(position.longitude) });
  }

  const typed = { latitude: Number(values.latitude), longitude: Number(values.longitude) };
  const pinned = values.latitude.trim() && values.longitude.trim() && Math.abs(typed.latitude) <= 90 && Math.abs(typed.longitude) <= 180 ? typed : null;
  function pinFromMap(position: { latitude: number; longitude: number }) {
    setErrors(({ latitude: _l, longitude: _g, ...rest }) => rest);
    patch({ latitude: String(position.latitude), longitude: String(position.longitude) });
  }

  async function save(event: FormEvent, publish = false) {
    event.preventDefault();
    const body: Record<string, unknown> = { ...changes, version: spot.version, verified, publicLine: publicLine.trim() || null };
    if (publish) body.draft = 0;
    if (!dirty && !verified && !publish) return toast({ title: 'Nothing to save', description: 'Change a field, or tick "Checked today".' });
    setBusy(true);
    try {
      const saved = await editSpot(spot.id, body);
      flashToast({
        title: publish ? 'Spot published' : 'Spot saved',
        description: saved.changed ? `${saved.name} is up to date on every page.` : 'Nothing had changed.',
      });
      window.location.reload();
    } catch (failure) {
      const fields = failure instanceof ApiError ? ((JSON.parse(failure.body || '{}') as { fields?: Record<string, string> }).fields ?? {}) : {};
      setErrors(fields);
      const description = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.';
      toast({ title: failure instanceof ApiError && failure.status === 409 ? 'Someone else saved first' : 'Could not save', description, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <form className="spot-editor" onSubmit={(e) => save(e)} noValidate aria-label={`Edit ${spot.name}`}>
      <section className="admin-card" aria-labelledby="edit-status-heading">
        <h2 id="edit-status-heading">Status</h2>
        <div className="admin-form__grid">
          <div className="field">
            <label htmlFor="edit-status">Status</label>
            <select id="edit-status" className="select" value={values.status} onChange={set('status')}>
              {SPOT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {SPOT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            <p className="field__hint">Closed spots leave every list, the map and the home page; their page says so.</p>
          </div>
          {values.status === 'temporarily-closed' && field('closedUntil', 'Closed until (last closed day)', { type: 'date', hint: 'Back in every list the day after.' })}
          {values.status === 'moved' && (
            <div className="field">
              <label htmlFor="edit-movedToId">Moved to</label>
              <select id="edit-movedToId" className="select" value={values.movedToId} onChange={set('movedToId')} aria-invalid={Boolean(errors.movedToId)}>
                <option value="">Choose a spot</option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
              {errors.movedToId && (
                <p className="field__error" role="alert">
                  {errors.movedToId}
                </p>
              )}
            </div>
          )}
          {values.status !== 'open' && field('statusNote', 'Note for readers', { max: 200, hint: 'e.g. Closed while the patio is rebuilt' })}
        </div>
      </section>

      <section className="admin-card" aria-labelledby="edit-spot-heading">
        <h2 id="edit-spot-heading">The spot</h2>
        <div className="admin-form__grid">
          {field('name', 'Spot Name', { max: 120 })}
          <div className="field">
            <label htmlFor="edit-category">Category</label>
            <select id="edit-category" className="select" value={values.category} onChange={set('category')}>
              {SPOT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SPOT_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </div>
          {field('hook', 'One-line hook', { max: 90, hint: 'Shown on cards; at most 90 characters' })}
          <div className="field">
            <label htmlFor="edit-priceLevel">Price</label>
            <select id="edit-priceLevel" className="select" value={values.priceLevel} onChange={set('priceLevel')}>
              <option value="">Free or not priced</option>
              {[1, 2, 3, 4].map((n) => (
                <option key={n} value={n}>
                  {'$'.repeat(n)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {field('description', 'Our take', { multiline: true, max: 2000 })}
        <fieldset className="admin-tags">
          <legend>Tags</legend>
          <div className="admin-tags__grid">
            {SPOT_TAGS.map((tag) => (
              <label key={tag} className="admin-tags__option">
                <input
                  type="checkbox"
                  checked={values.tags.includes(tag)}
                  onChange={() => patch({ tags: values.tags.includes(tag) ? values.tags.filter((t) => t !== tag) : [...values.tags, tag] })}
                />{' '}
                {tag}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="admin-form__grid">
          {field('bestTime', 'Best time to go', { hint: 'With parking and what to order or bring: all three, or none', errorKey: 'knowBefore' })}
          {field('parking', 'Parking')}
          {field('bring', 'What to order or bring')}
          {field('insiderTip', 'Insider tip', { max: 280 })}
        </div>
      </section>

      <section className="admin-card" aria-labelledby="edit-where-heading">
        <h2 id="edit-where-heading">Where</h2>
        <div className="admin-form__grid">
          {field('neighbourhood', 'Neighbourhood', { max: 60, hint: 'e.g. Old Town, North Scottsdale' })}
          {field('address', 'Street address', { max: 200 })}
          {field('mapsUrl', 'Google Maps link', { type: 'url' })}
          <div className="field spot-editor__pin">
            <button type="button" className="btn btn--secondary" onClick={pinFromLink} disabled={!values.mapsUrl.trim()}>
              Use the pin from this link
            </button>
          </div>
          <PinPicker settings={map} position={pinned} onPick={pinFromMap} />
          {field('latitude', 'Latitude', { hint: 'e.g. 33.49179', type: 'text' })}
          {field('longitude', 'Longitude', { hint: 'e.g. -111.92422', type: 'text' })}
          {field('website', 'Website', { type: 'url' })}
        </div>
      </section>

      <section className="admin-card" aria-labelledby="edit-picture-heading">
        <h2 id="edit-picture-heading">Picture</h2>
        <fieldset className="admin-tags">
          <legend>Show</legend>
          <div className="admin-tags__grid">
            {spot.photo && (
              <label className="admin-tags__option">
                <input type="radio" name="picture" checked={values.picture === 'photo'} onChange={() => patch({ picture: 'photo' })} /> The uploaded photo
              </label>
            )}
            <label className="admin-tags__option">
              <input type="radio" name="picture" checked={values.picture === 'link'} onChange={() => patch({ picture: 'link' })} /> A photo from a link
            </label>
            <label className="admin-tags__option">
              <input type="radio" name="picture" checked={values.picture === 'illustration'} onChange={() => patch({ picture: 'illustration', upload: null })} /> The{' '}
              {SPOT_CATEGORY_LABELS[values.category as keyof typeof SPOT_CATEGORY_LABELS] ?? ''} illustration
            </label>
          </div>
        </fieldset>
        {values.picture === 'link' && field('imageUrl', 'Image URL', { type: 'url' })}
        <PhotoUpload photo={values.upload} onChange={(upload) => patch({ upload, picture: upload ? 'photo' : values.picture })} error={errors.photoKey} />
      </section>

      <section className="admin-card" aria-labelledby="edit-hours-heading">
        <h2 id="edit-hours-heading">Hours</h2>
        <HoursEditor value={values.hours} error={errors.hours ?? errors.noFixedHours} onChange={(hours) => patch({ hours })} />
      </section>

      <section className="admin-card" aria-labelledby="edit-home-heading">
        <h2 id="edit-home-heading">Home page</h2>
        <div className="admin-form__grid">
          <label className="admin-tags__option">
            <input type="checkbox" checked={values.featured} onChange={(e) => patch({ featured: e.target.checked })} /> Feature on the home page
          </label>
          {values.featured && field('featuredOrder', 'Order on the home page', { type: 'number', hint: '1 comes first; empty: after the ordered ones, newest first' })}
        </div>
      </section>

      <section className="admin-card spot-editor__save" aria-labelledby="edit-save-heading">
        <h2 id="edit-save-heading">{draft ? 'Save or publish' : 'Save'}</h2>
        <label className="admin-tags__option">
          <input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} /> Checked today: everything on this page is right
        </label>
        <div className="field">
          <label htmlFor="edit-publicLine">Line for the public change log (optional)</label>
          <input
            id="edit-publicLine"
            className="input"
            value={publicLine}
            maxLength={120}
            placeholder="New winter hours"
            onChange={(e) => setPublicLine(e.target.value)}
          />
          <p className="field__hint">Shown, dated, on the spot page. Leave empty to keep this change in History only.</p>
        </div>
        {draft && spot.missing.length > 0 && (
          <div className="spot-editor__missing" role="note">
            <p>Before publishing:</p>
            <ul>
              {spot.missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        )}
        {errors.draft && (
          <p className="field__error" role="alert">
            {errors.draft}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="btn btn--primary" disabled={!hydrated || busy}>
            {draft ? 'Save draft' : 'Save changes'}
          </button>
          {draft && (
            <button type="button" className="btn btn--secondary" disabled={!hydrated || busy} onClick={(e) => save(e, true)}>
              Publish
            </button>
          )}
          <span className="muted" aria-live="polite">
            {dirty ? 'Unsaved changes' : 'No changes yet'}
          </span>
        </div>
      </section>
    </form>
  );
}
