import { useState, type FormEvent } from 'react';
import { submitCorrection } from '../../features/corrections/api/submit-correction';
import { ApiError } from '../../lib/api-client';
import { CORRECTABLE_FIELDS, CorrectionInput, type CorrectionKind } from '../../lib/correction';
import { fieldErrors } from '../../lib/validation';
import { FormField, fieldAria } from '../ui/FormField';
import { useHydrated } from '../ui/use-hydrated';
import './spot-corrections.css';

interface Props {
  spotId: number;
  spotName: string;
  /** Signed by the server when the page was made: the spam check's clock. */
  token: string;
}

const EMPTY = { field: '', proposed: '', note: '', email: '', company: '' };
type Values = typeof EMPTY;
type Field = keyof Values;

/** "Suggest an edit" and "Report closed" on a spot page: what readers tell us lands in the Corrections inbox. */
export default function SpotCorrections({ spotId, spotName, token }: Props) {
  const [open, setOpen] = useState<CorrectionKind | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const hydrated = useHydrated();

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const toggle = (kind: CorrectionKind) => {
    setOpen((current) => (current === kind ? null : kind));
    setErrors({});
    setThanks(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!open) return;
    const body = open === 'edit' ? { kind: open, ...values, token } : { kind: open, note: values.note, email: values.email, company: values.company, token };
    const parsed = CorrectionInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await submitCorrection(spotId, parsed.data);
      setThanks(answer.message);
      setValues(EMPTY);
      setOpen(null);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : null;
      setErrors({ form: message ?? 'Sorry, we could not send it. Please try again.' });
    } finally {
      setSending(false);
    }
  }

  const id = (field: Field) => `correction-${field}`;

  return (
    <section className="spot-corrections" aria-labelledby="corrections-heading" data-spot-corrections>
      <h2 id="corrections-heading">Something not right?</h2>
      <p className="spot-corrections__intro">Tell our editors what changed at {spotName}. We check every note before it goes on the page.</p>
      <div className="spot-corrections__buttons">
        <button type="button" className="btn btn--secondary" aria-expanded={open === 'edit'} aria-controls="correction-form" onClick={() => toggle('edit')}>
          Suggest an edit
        </button>
        <button type="button" className="btn btn--secondary" aria-expanded={open === 'closed'} aria-controls="correction-form" onClick={() => toggle('closed')}>
          Report closed
        </button>
      </div>
      {thanks && (
        <p className="spot-corrections__thanks" role="status">
          {thanks}
        </p>
      )}
      {open && (
        <form id="correction-form" className="spot-corrections__form" onSubmit={submit} noValidate aria-label={open === 'edit' ? 'Suggest an edit' : 'Report closed'}>
          {open === 'edit' && (
            <>
              <FormField id={id('field')} label="What should change?" error={errors.field}>
                <select {...fieldAria(id('field'), errors.field)} className="select" value={values.field} onChange={set('field')}>
                  <option value="">Choose…</option>
                  {Object.entries(CORRECTABLE_FIELDS).map(([name, label]) => (
                    <option key={name} value={name}>
                      {label}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField id={id('proposed')} label="What should it say?" error={errors.proposed}>
                <textarea
                  {...fieldAria(id('proposed'), errors.proposed)}
                  className="input textarea"
                  rows={3}
                  value={values.proposed}
                  onChange={set('proposed')}
                  maxLength={2000}
                />
              </FormField>
            </>
          )}
          <FormField id={id('note')} label={open === 'edit' ? 'Anything else we should know? (optional)' : 'What did you see? (optional)'} error={errors.note}>
            <textarea {...fieldAria(id('note'), errors.note)} className="input textarea" rows={2} value={values.note} onChange={set('note')} maxLength={500} />
          </FormField>
          <FormField id={id('email')} label="Your email (optional, so we can thank you)" error={errors.email}>
            <input {...fieldAria(id('email'), errors.email)} className="input" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
          </FormField>
          {/* People never see this field; robots fill it in. */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor="correction-company">Company</label>
            <input id="correction-company" tabIndex={-1} autoComplete="off" value={values.company} onChange={set('company')} />
          </div>
          {errors.form && (
            <p className="field__error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={!hydrated || sending}>
            {sending ? 'Sending…' : open === 'edit' ? 'Send correction' : 'Report closed'}
          </button>
        </form>
      )}
    </section>
  );
}
