import { useState, type FormEvent } from 'react';
import { importPlacesCsv, type PlacesCsvReport } from '../../../features/admin/api/places-desk';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast } from '../flash';

/**
 * CSV import: the file is checked first (a preview of every row, errors row by row, nothing
 * written); Import writes the good rows once the editor confirms.
 */
export default function PlacesCsvImport() {
  const hydrated = useHydrated();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<PlacesCsvReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(text: string, confirm: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      const result = await importPlacesCsv(text, confirm);
      if (confirm) {
        flashToast({
          title: 'Places imported',
          description: `${result.added} added, ${result.updated} changed${result.errors ? `, ${result.errors} rows not imported` : ''}.`,
        });
        window.location.reload();
        return;
      }
      setReport(result);
    } catch (failure) {
      setReport(null);
      setProblem(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'The file could not be checked. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function choose(e: { currentTarget: HTMLInputElement }) {
    const file = e.currentTarget.files?.[0];
    setReport(null);
    if (!file) return setCsv(null);
    setFileName(file.name);
    const text = await file.text();
    setCsv(text);
    await run(text, false);
  }

  function confirm(e: FormEvent) {
    e.preventDefault();
    if (!csv) return toast({ title: 'Choose a file first', description: 'Export the places to get a file with the right columns.' });
    void run(csv, true);
  }

  const errorRows = report?.rows.filter((r) => r.action === 'error') ?? [];
  const writes = report ? report.added + report.updated : 0;
  return (
    <form className="places-import" onSubmit={confirm}>
      <div className="field">
        <label htmlFor="places-csv">CSV file</label>
        <input id="places-csv" className="input" type="file" accept=".csv,text/csv" disabled={!hydrated || busy} onChange={choose} aria-describedby="places-csv-hint" />
        <p className="field__hint" id="places-csv-hint">
          Checked first: nothing is written until you press Import. Use the columns of an export.
        </p>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {report && (
        <div className="places-import__report" aria-live="polite">
          <p>
            <strong>{fileName}</strong>: {report.added} new, {report.updated} changed, {report.unchanged} unchanged
            {report.errors > 0 && <>, {report.errors === 1 ? '1 row' : `${report.errors} rows`} with errors (not imported)</>}.
          </p>
          {errorRows.length > 0 && (
            <table className="admin-table">
              <caption className="visually-hidden">Rows with errors</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Name</th>
                  <th scope="col">What to fix</th>
                </tr>
              </thead>
              <tbody>
                {errorRows.map((r) => (
                  <tr key={r.row}>
                    <td>{r.row}</td>
                    <td>{r.name || '(no name)'}</td>
                    <td>
                      {Object.entries(r.errors ?? {})
                        .map(([column, message]) => `${column}: ${message}`)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="admin-form__actions">
            <button type="submit" className="btn btn--primary" disabled={busy || writes === 0}>
              {writes === 0 ? 'Nothing to import' : `Import ${writes === 1 ? '1 place' : `${writes} places`}`}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
