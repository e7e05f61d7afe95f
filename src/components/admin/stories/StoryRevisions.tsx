import { useState } from 'react';
import { restoreStoryRevision, storyRevisions, type StoryRevision, type StudioStory } from '../../../features/stories/api/studio';
import { ApiError } from '../../../lib/api-client';
import { formatCityDateTime } from '../../../lib/city-format';
import { toast } from '../../ui/toast-store';
import { flashToast } from '../flash';

/** The lines of `now` marked against `then`: kept, added (+) or gone (−). */
export function lineChanges(then: string, now: string): { mark: ' ' | '+' | '−'; line: string }[] {
  const a = then.split('\n');
  const b = now.split('\n');
  // Longest common subsequence of lines: small texts, so the plain table is quick enough.
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const out: { mark: ' ' | '+' | '−'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ mark: ' ', line: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || table[i]![j + 1]! >= table[i + 1]![j]!)) out.push({ mark: '+', line: b[j++]! });
    else out.push({ mark: '−', line: a[i++]! });
  }
  return out;
}

/** Every revision kept (the newest 50): compare one with the Story as it is, or bring it back. */
export default function StoryRevisions({ story, onRestored }: { story: StudioStory; onRestored: (story: StudioStory) => void }) {
  const [revisions, setRevisions] = useState<StoryRevision[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  async function load() {
    try {
      setRevisions((await storyRevisions(story.id)).revisions);
    } catch {
      toast({ title: 'Could not load revisions', description: 'Please try again.', variant: 'destructive' });
    }
  }

  async function restore(revision: StoryRevision) {
    try {
      const { story: next } = await restoreStoryRevision(story.id, revision.id, story.version);
      flashToast({ title: 'Revision restored', description: `The text from ${formatCityDateTime(revision.at)} is back.` });
      onRestored(next);
      window.location.reload();
    } catch (failure) {
      toast({
        title: 'Not restored',
        description: failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (!revisions)
    return (
      <button type="button" className="btn btn--ghost story-revisions__show" onClick={() => void load()}>
        Show revisions
      </button>
    );
  return (
    <div className="story-revisions">
      <h3>Revisions</h3>
      <ol className="admin-rows">
        {revisions.map((revision) => (
          <li key={revision.id}>
            <div className="admin-rows__main">
              <span>
                {formatCityDateTime(revision.at)}: {revision.event} by {revision.actorName}
              </span>
              <span className="muted">{revision.title}</span>
            </div>
            <div className="story-revisions__buttons">
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-expanded={open === revision.id}
                onClick={() => setOpen(open === revision.id ? null : revision.id)}>
                Compare
              </button>
              <button type="button" className="btn btn--small btn--secondary" onClick={() => void restore(revision)}>
                Restore
              </button>
            </div>
            {open === revision.id && (
              <pre className="story-revisions__diff" aria-label="Changes since this revision">
                {lineChanges(`${revision.title}\n\n${revision.content}`, `${story.title}\n\n${story.content}`).map((row) => (
                  <span className={`diff-${row.mark === '+' ? 'added' : row.mark === ' ' ? 'kept' : 'gone'}`}>{`${row.mark} ${row.line}\n`}</span>
                ))}
              </pre>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
