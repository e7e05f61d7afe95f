import { useState } from 'react';
import { deleteStory, moveStory, previewStory, type StudioStory } from '../../../features/stories/api/studio';
import { ApiError } from '../../../lib/api-client';
import { formatCityDateTime } from '../../../lib/city-format';
import { toast } from '../../ui/toast-store';
import { flashToast } from '../flash';
import StoryRevisions from './StoryRevisions';

type Transition = Parameters<typeof moveStory>[1];

export const STATE_LABELS: Record<string, string> = {
  draft: 'Draft',
  review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Taken down',
  archived: 'Archived',
};

const DONE: Record<Transition, string> = {
  submit: 'Submitted for review. An Editor will publish it.',
  publish: 'Published. It is on /blog, in the feeds and in the sitemap now.',
  schedule: 'Scheduled.',
  unpublish: 'Taken down. Its page now answers "not found".',
  archive: 'Archived.',
  unarchive: 'Back as a draft.',
};

/** The Story's state and the moves the member of staff's role allows from it. */
/** The preview at a phone's width and a desktop's, side by side; the page itself ends with the Story's cards. */
function PreviewFrames({ url }: { url: string }) {
  return (
    <div className="story-preview">
      <figure className="story-preview__device">
        <figcaption>Phone, 390 px (shown at 80%)</figcaption>
        <div className="story-preview__scaler story-preview__scaler--phone">
          <iframe title="Preview on a phone (390 px wide)" src={url} width={390} height={844} />
        </div>
      </figure>
      <figure className="story-preview__device story-preview__device--desktop">
        <figcaption>Desktop, 1280 px (shown at 40%)</figcaption>
        <div className="story-preview__scaler story-preview__scaler--desktop">
          <iframe title="Preview on a desktop (1280 px wide)" src={url} width={1280} height={1688} />
        </div>
      </figure>
    </div>
  );
}

export default function StoryActions({
  story,
  dirty,
  canPublish,
  canDelete,
  onChange,
}: {
  story: StudioStory;
  dirty: boolean;
  canPublish: boolean;
  canDelete: boolean;
  onChange: (story: StudioStory) => void;
}) {
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ url: string; expiresAt: string } | null>(null);

  async function makePreview() {
    try {
      setPreview(await previewStory(story.id));
    } catch {
      toast({ title: 'No preview link', description: 'Please try again.', variant: 'destructive' });
    }
  }

  async function move(transition: Transition) {
    if (dirty) {
      toast({ title: 'Save first', description: 'Save your changes, then try again.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const { story: next } = await moveStory(story.id, transition, story.version, transition === 'schedule' ? at : undefined);
      flashToast({ title: STATE_LABELS[next.status]!, description: DONE[transition] });
      onChange(next);
      window.location.reload();
    } catch (failure) {
      const message = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.';
      toast({ title: 'Nothing changed', description: message, variant: 'destructive' });
      setBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete "${story.title}" for good? Its revisions go with it; History keeps a note.`)) return;
    setBusy(true);
    try {
      await deleteStory(story.id);
      flashToast({ title: 'Story deleted', description: `${story.title} is gone.` });
      window.location.assign('/admin/stories');
    } catch (failure) {
      toast({
        title: 'Not deleted',
        description: failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  const button = (transition: Transition, label: string, kind = 'btn--secondary') => (
    <button type="button" className={`btn ${kind}`} disabled={busy} onClick={() => void move(transition)}>
      {label}
    </button>
  );
  const s = story.status;
  return (
    <section className="story-actions" aria-labelledby="story-state">
      <h2 id="story-state">
        {STATE_LABELS[s]}
        {s === 'scheduled' && story.scheduledFor ? `: ${formatCityDateTime(story.scheduledFor)} (Scottsdale time)` : ''}
      </h2>
      <div className="story-actions__row">
        {s === 'draft' && !canPublish && button('submit', 'Submit for review', 'btn--primary')}
        {canPublish && ['draft', 'review', 'scheduled', 'unpublished'].includes(s) && button('publish', 'Publish now', 'btn--primary')}
        {canPublish && ['published', 'scheduled'].includes(s) && button('unpublish', s === 'scheduled' ? 'Cancel schedule' : 'Unpublish')}
        {canPublish && s !== 'archived' && button('archive', 'Archive', 'btn--ghost')}
        {canPublish && s === 'archived' && button('unarchive', 'Restore as a draft')}
        {canDelete && s !== 'published' && (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void remove()}>
            Delete
          </button>
        )}
        {s === 'published' && (
          <a className="btn btn--ghost" href={`/blog/${story.slug}`}>
            View on the site
          </a>
        )}
      </div>
      {canPublish && ['draft', 'review', 'scheduled', 'unpublished'].includes(s) && (
        <div className="story-actions__schedule">
          <div className="field">
            <label htmlFor="story-at">Publish at (Scottsdale time)</label>
            <input id="story-at" className="input" type="datetime-local" value={at} onInput={(event) => setAt((event.target as HTMLInputElement).value)} />
          </div>
          <button type="button" className="btn btn--secondary" disabled={busy || !at} onClick={() => void move('schedule')}>
            Schedule
          </button>
        </div>
      )}
      <div className="story-actions__preview">
        <button type="button" className="btn btn--secondary" onClick={() => void makePreview()}>
          {preview ? 'Refresh the preview' : 'Preview'}
        </button>
        {preview && (
          <p>
            <a href={preview.url} target="_blank" rel="noopener">
              Open the preview
            </a>{' '}
            <span className="muted">(works for anyone with the link until {formatCityDateTime(preview.expiresAt)}; open it on a phone too)</span>
          </p>
        )}
      </div>
      {preview && <PreviewFrames url={preview.url} />}
      {!canPublish && s !== 'draft' && <p className="muted">An Editor publishes, schedules and takes down Stories.</p>}
      <StoryRevisions story={story} onRestored={onChange} />
    </section>
  );
}
