import { useState, type FormEvent } from 'react';
import { importNewsletter, type ImportResult } from '../../../features/members/api/member-actions';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast } from '../flash';

const OUTCOME: Record<string, string> = { add: 'Will be added', 'already-listed': 'Already on the list', error: 'Error' };

/**
 * A newsletter list from a CSV file: first a preview that says what each row would do (and why a
 * row is refused), then adding the new addresses, each of which gets the confirmation email.
 */
export default function NewsletterImport() {
  const hydrated = useHydrated();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined) {
    setPreview(null);
    setProblem(null);
    if (!file) return setCsv(null);
    const text = await file.text();
    setCsv(text);
    setBusy(true);
    try {
      setPreview(await importNewsletter(text, false));
    } catch (failure) {
      setProblem(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'The file could not be read. Save it as CSV and try again.');
    }
    setBusy(false);
  }

  async function commit(event: FormEvent) {
    event.preventDefault();
    if (!csv) return setProblem('Choose a CSV file first.');
    setBusy(true);
    try {
      const result = await importNewsletter(csv, true);
      flashToast({ title: 'Import done', description: `${'added' in result ? result.added : 0} addresses added; each gets the confirmation email.` });
      window.location.reload();
    } catch (failure) {
      setProblem(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.');
      setBusy(false);
    }
  }

  const adding = preview?.rows.filter((row) => row.outcome === 'add').length ?? 0;
  return (
    <form className="member-import" onSubmit={commit} noValidate>
      <div className="field">
        <label htmlFor="import-file">CSV file with an "email" column</label>
        <input
          id="import-file"
          className="input"
          type="file"
          accept=".csv,text/csv"
          disabled={!hydrated || busy}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {preview && (
        <>
          <p>
            {adding} to add, {preview.rows.filter((row) => row.outcome === 'already-listed').length} already on the list,{' '}
            {preview.rows.filter((row) => row.outcome === 'error').length} with errors.
          </p>
          {/* A region that scrolls sideways takes focus, so it can be scrolled by keyboard. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="members-table__wrap" role="region" aria-label="Import preview rows" tabIndex={0}>
            <table className="members-table">
              <caption className="visually-hidden">Import preview</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Email</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice(0, 200).map((row) => (
                  <tr key={row.line}>
                    <td>{row.line}</td>
                    <td>{row.email}</td>
                    <td>{row.error ?? OUTCOME[row.outcome]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="submit" className="btn btn--primary" disabled={!hydrated || busy || adding === 0}>
            Add {adding} {adding === 1 ? 'address' : 'addresses'}
          </button>
        </>
      )}
    </form>
  );
}
