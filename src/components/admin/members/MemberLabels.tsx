import { useState, type FormEvent } from 'react';
import { addMemberLabel, removeMemberLabel } from '../../../features/members/api/member-labels';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';

interface Props {
  email: string;
  labels: string[];
  /** Labels already in use on other members, offered as suggestions. */
  known: string[];
}

/**
 * A member's labels, with a button to take each off and a field to add one. The list shown is the
 * one the server answers with, so it is what is stored.
 */
export default function MemberLabels({ email, labels: initial, known }: Props) {
  const hydrated = useHydrated();
  const [labels, setLabels] = useState(initial);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<{ labels: string[] }>, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      const result = await action();
      setLabels(result.labels);
      toast({ title: done });
      return true;
    } catch (failure) {
      const message = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.';
      setProblem(message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const label = draft.trim();
    if (!label) return setProblem('Type a label.');
    if (await run(() => addMemberLabel(email, label), `Label "${label.toLowerCase()}" added`)) setDraft('');
  }

  const disabled = !hydrated || busy;
  return (
    <div>
      {labels.length === 0 ? (
        <p className="admin-empty">No labels yet.</p>
      ) : (
        <ul className="member-labels" aria-label="Labels">
          {labels.map((label) => (
            <li key={label} className="member-label">
              {label}
              <button
                type="button"
                className="member-label__remove"
                aria-label={`Remove label ${label}`}
                disabled={disabled}
                onClick={() => void run(() => removeMemberLabel(email, label), `Label "${label}" removed`)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="member-labels__add" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor="member-label-new">Add a label</label>
          <input
            id="member-label-new"
            className="input"
            list="member-label-known"
            maxLength={40}
            value={draft}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'member-label-problem' : undefined}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          <datalist id="member-label-known">
            {known
              .filter((label) => !labels.includes(label))
              .map((label) => (
                <option key={label} value={label} />
              ))}
          </datalist>
        </div>
        <button type="submit" className="btn btn--secondary" disabled={disabled}>
          Add label
        </button>
      </form>
      {problem && (
        <p className="field__error" id="member-label-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
