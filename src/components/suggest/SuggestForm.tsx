import { useState, type FormEvent } from 'react';
import { submitSuggestion } from '../../features/suggestions/api/submit-suggestion';
import { SuggestionInput } from '../../lib/suggestion';
import { fieldErrors } from '../../lib/validation';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';

const EMPTY = { spotName: '', description: '', link: '', submitterName: '' };
type Field = keyof typeof EMPTY;

function Form() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = SuggestionInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await submitSuggestion(parsed.data);
      toast({ title: 'Suggestion Submitted!', description: 'Thanks! Our locals will check it out soon.' });
      setValues(EMPTY);
    } catch (error) {
      console.error('Suggestion failed:', error);
      toast({ title: 'Submission Failed', description: "Sorry, we couldn't submit your suggestion. Please try again.", variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const describedBy = (field: Field) => (errors[field] ? `${field}-error` : undefined);
  const error = (field: Field) =>
    errors[field] && (
      <p id={`${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <form className="suggest-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="spotName">Spot name</label>
        <input
          id="spotName"
          type="text"
          className="input"
          value={values.spotName}
          onChange={set('spotName')}
          aria-invalid={Boolean(errors.spotName)}
          aria-describedby={describedBy('spotName')}
          maxLength={120}
        />
        {error('spotName')}
      </div>
      <div className="field">
        <label htmlFor="description">Why should locals know about it?</label>
        <textarea
          id="description"
          className="input textarea"
          rows={5}
          value={values.description}
          onChange={set('description')}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy('description')}
          maxLength={2000}
        />
        {error('description')}
      </div>
      <div className="field">
        <label htmlFor="link">Link (optional)</label>
        <input
          id="link"
          className="input"
          type="url"
          placeholder="https://"
          value={values.link}
          onChange={set('link')}
          aria-invalid={Boolean(errors.link)}
          aria-describedby={describedBy('link')}
        />
        {error('link')}
      </div>
      <div className="field">
        <label htmlFor="submitterName">Your name (optional)</label>
        <input id="submitterName" type="text" className="input" value={values.submitterName} onChange={set('submitterName')} maxLength={80} />
        {error('submitterName')}
      </div>
      <button type="submit" className="btn btn--primary" disabled={!hydrated || sending}>
        {sending ? 'Sending…' : 'Submit Suggestion'}
      </button>
    </form>
  );
}

/** The 'Suggest a Spot' form (spec §2/§5). */
export default function SuggestForm() {
  return (
    <QueryRoot>
      <Form />
    </QueryRoot>
  );
}
