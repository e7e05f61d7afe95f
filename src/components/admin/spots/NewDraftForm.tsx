import { useState, type FormEvent } from 'react';
import { addDraftSpot } from '../../../features/admin/api/edit-spot';
import { ApiError } from '../../../lib/api-client';
import { SPOT_CATEGORIES, SPOT_CATEGORY_LABELS } from '../../../lib/catalog';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast } from '../flash';

/** Starts a spot as a draft from its name and category, then opens its editor for the rest. */
export default function NewDraftForm() {
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const draft = await addDraftSpot({ name, category });
      flashToast({ title: 'Draft saved', description: `${draft.name} is a draft: only staff see it until it is published.` });
      window.location.assign(`/admin/spots/${draft.id}`);
    } catch (failure) {
      const body = failure instanceof ApiError ? (JSON.parse(failure.body || '{}') as { message?: string; fields?: Record<string, string> }) : {};
      setErrors(body.fields ?? { name: body.message ?? 'Could not save the draft. Please try again.' });
      setBusy(false);
    }
  }

  return (
    <form className="admin-filters" onSubmit={submit} noValidate aria-label="New draft">
      <div className="field">
        <label htmlFor="draft-name">Spot Name</label>
        <input id="draft-name" className="input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} />
        {errors.name && (
          <p className="field__error" role="alert">
            {errors.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="draft-category">Category</label>
        <select id="draft-category" className="select" value={category} onChange={(e) => setCategory(e.target.value)} aria-invalid={Boolean(errors.category)}>
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
      <button type="submit" className="btn btn--secondary" disabled={!hydrated || busy}>
        Start a draft
      </button>
    </form>
  );
}
