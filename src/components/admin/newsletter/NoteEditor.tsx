import { useState } from 'react';
import { saveNewsletterNote, type NewsletterNote } from '../../../features/admin/api/newsletter-desk';
import { ApiError } from '../../../lib/api-client';
import { formatCityDateTime } from '../../../lib/city-format';
import { toast } from '../../ui/toast-store';

const MAX = 1200;

/** The editor's note for the top of this week's issue: plain text, saved against its version. */
export default function NoteEditor({ note, canEdit, onSaved }: { note: NewsletterNote; canEdit: boolean; onSaved: () => void }) {
  const [text, setText] = useState(note.note);
  const [version, setVersion] = useState(note.version);
  const [saved, setSaved] = useState(note);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locked = note.locked || !canEdit;

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const { note: next } = await saveNewsletterNote(text, version);
      setSaved(next);
      setVersion(next.version);
      setText(next.note);
      toast({ title: 'Note saved', description: 'The preview shows it at the top of the issue.' });
      onSaved();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'The note was not saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="newsletter-note">
      <h2 id="newsletter-note">Editor’s note</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}>
        <div className="field">
          <label htmlFor="newsletter-note-text">Note at the top of the issue of {note.weekLabel}</label>
          <textarea
            id="newsletter-note-text"
            className="textarea"
            rows={6}
            maxLength={MAX}
            value={text}
            disabled={locked || busy}
            aria-describedby="newsletter-note-hint"
            aria-invalid={error ? true : undefined}
            onInput={(e) => setText(e.currentTarget.value)}
          />
          <p id="newsletter-note-hint" className="field__hint">
            {note.locked
              ? 'This week’s issue has started going out, so its note is fixed.'
              : `Plain text; a blank line starts a new paragraph. ${text.length} of ${MAX} characters.`}
          </p>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        {saved.updatedAt && saved.updatedBy && (
          <p className="muted newsletter-desk__saved">
            Last saved by {saved.updatedBy}, {formatCityDateTime(saved.updatedAt)}
          </p>
        )}
        {!locked && (
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save note'}
          </button>
        )}
      </form>
    </section>
  );
}
