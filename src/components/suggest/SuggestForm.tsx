import { useState, type FormEvent } from 'react';
import { submitSuggestion } from '../../features/suggestions/api/submit-suggestion';
import { SuggestionInput } from '../../lib/suggestion';
import { fieldErrors } from '../../lib/validation';
import { FormField, fieldAria } from '../ui/FormField';
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

  return (
    <form className="suggest-form" onSubmit={submit} noValidate>
      <FormField id="spotName" label="Spot name" error={errors.spotName}>
        <input {...fieldAria('spotName', errors.spotName)} type="text" className="input" value={values.spotName} onChange={set('spotName')} maxLength={120} />
      </FormField>
      <FormField id="description" label="Why should locals know about it?" error={errors.description}>
        <textarea
          {...fieldAria('description', errors.description)}
          className="input textarea"
          rows={5}
          value={values.description}
          onChange={set('description')}
          maxLength={2000}
        />
      </FormField>
      <FormField id="link" label="Link (optional)" error={errors.link}>
        <input {...fieldAria('link', errors.link)} className="input" type="url" placeholder="https://" value={values.link} onChange={set('link')} />
      </FormField>
      <FormField id="submitterName" label="Your name (optional)" error={errors.submitterName}>
        <input
          {...fieldAria('submitterName', errors.submitterName)}
          type="text"
          className="input"
          value={values.submitterName}
          onChange={set('submitterName')}
          maxLength={80}
        />
      </FormField>
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
