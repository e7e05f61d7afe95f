import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { addSpot } from '../../features/admin/api/add-spot';
import { FEATURED_SPOTS_QUERY_KEY } from '../../features/spots/api/get-featured-spots';
import { SPOTS_QUERY_KEY } from '../../features/spots/api/get-spots';
import { ApiError } from '../../lib/api-client';
import { SPOT_CATEGORIES, SPOT_CATEGORY_LABELS, SPOT_TAGS } from '../../lib/catalog';
import { NewSpotInput } from '../../lib/new-spot';
import { fieldErrors } from '../../lib/validation';
import { toast } from '../ui/toast-store';
import type { UploadedPhoto } from '../../features/admin/api/upload-photo';
import { EMPTY_PAGE_FIELDS, SpotPageFields, pageFieldsBody, type PageFields } from './SpotPageFields';
import { PhotoUpload } from './PhotoUpload';

// "Feature on the home page" starts unticked: featuring is a choice, not the default.
const EMPTY = { name: '', category: '', description: '', imageUrl: '', thumbnailUrl: '', mapsUrl: '', website: '', featured: false, tags: [] as string[] };
type Values = typeof EMPTY;
type TextField = Exclude<keyof Values, 'featured' | 'tags'>;

/** The Add New Spot form of spec §2 (Admin); the server checks everything again. */
export function AddSpotForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [page, setPage] = useState<PageFields>(EMPTY_PAGE_FIELDS);
  const [photo, setPhoto] = useState<UploadedPhoto | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const queries = useQueryClient();
  const set = (field: TextField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const toggleTag = (tag: string) => setValues((v) => ({ ...v, tags: v.tags.includes(tag) ? v.tags.filter((t) => t !== tag) : [...v.tags, tag] }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, featured: values.featured ? 1 : 0, ...pageFieldsBody(page), photoKey: photo?.key ?? null };
    const parsed = NewSpotInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await addSpot(parsed.data);
      toast({ title: 'Spot added successfully', description: 'The new spot will appear in the listings shortly.' });
      setValues(EMPTY);
      setPage(EMPTY_PAGE_FIELDS);
      setPhoto(null);
      void queries.invalidateQueries({ queryKey: SPOTS_QUERY_KEY });
      void queries.invalidateQueries({ queryKey: FEATURED_SPOTS_QUERY_KEY });
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: 'Failed to add spot', description: message ?? 'There was an error adding the spot. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: TextField, label: string, options: { type?: string; required?: boolean; hint?: string; textarea?: boolean } = {}) => (
    <div className="field">
      <label htmlFor={`spot-${name}`}>
        {label}
        {options.required && <span aria-hidden="true"> *</span>}
      </label>
      {options.textarea ? (
        <textarea
          id={`spot-${name}`}
          className="input textarea"
          rows={4}
          value={values[name]}
          onChange={set(name)}
          required={options.required}
          aria-invalid={Boolean(errors[name])}
        />
      ) : (
        <input
          id={`spot-${name}`}
          className="input"
          type={options.type ?? 'text'}
          value={values[name]}
          onChange={set(name)}
          required={options.required}
          aria-invalid={Boolean(errors[name])}
        />
      )}
      {options.hint && <p className="field__hint">{options.hint}</p>}
      {errors[name] && (
        <p className="field__error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__grid">
        {field('name', 'Spot Name', { required: true })}
        <div className="field">
          <label htmlFor="spot-category">
            Category<span aria-hidden="true"> *</span>
          </label>
          <select id="spot-category" className="select" value={values.category} onChange={set('category')} required aria-invalid={Boolean(errors.category)}>
            <option value="">Choose a category</option>
            {SPOT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {SPOT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          {errors.category && (
            <p className="field__error" role="alert">
              {errors.category}
            </p>
          )}
        </div>
      </div>
      {field('description', 'Description', { required: true, textarea: true })}
      <PhotoUpload photo={photo} onChange={setPhoto} error={errors.photoKey} />
      <div className="admin-form__grid">
        {photo ? (
          <p className="field__hint admin-form__photo-note">The uploaded photo is the spot's image and thumbnail.</p>
        ) : (
          <>
            {field('imageUrl', 'Image URL', { type: 'url', required: true, hint: 'Recommended size: 600x400' })}
            {field('thumbnailUrl', 'Thumbnail URL (optional)', { type: 'url', hint: 'Recommended size: 400x300' })}
          </>
        )}
        {field('mapsUrl', 'Google Maps Link', { type: 'url', required: true })}
        {field('website', 'Website (optional)', { type: 'url' })}
      </div>
      <fieldset className="admin-tags">
        <legend>Tags</legend>
        <div className="admin-tags__grid">
          {SPOT_TAGS.map((tag) => (
            <label key={tag} className="admin-tags__option">
              <input type="checkbox" checked={values.tags.includes(tag)} onChange={() => toggleTag(tag)} /> {tag}
            </label>
          ))}
        </div>
      </fieldset>
      <SpotPageFields values={page} errors={errors} onChange={setPage} />
      <label className="admin-tags__option">
        <input type="checkbox" checked={values.featured} onChange={(e) => setValues((v) => ({ ...v, featured: e.target.checked }))} /> Feature on the home page
      </label>
      <div className="admin-form__actions">
        <button type="button" className="btn btn--secondary" onClick={() => (setValues(EMPTY), setPage(EMPTY_PAGE_FIELDS), setPhoto(null), setErrors({}))}>
          Reset Form
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Adding…' : 'Add Spot'}
        </button>
      </div>
    </form>
  );
}
