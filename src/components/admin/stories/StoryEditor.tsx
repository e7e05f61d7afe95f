import { useEffect, useRef, useState } from 'react';
import { createStory, saveStory, storyVersionOf, type StoryDraft, type StudioStory } from '../../../features/stories/api/studio';
import type { StoryDocument } from '../../../lib/story-document/schema';
import { formatCityDateTime } from '../../../lib/city-format';
import { ApiError } from '../../../lib/api-client';
import { STORY_CATEGORIES } from '../../../lib/catalog';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast } from '../flash';
import StoryActions from './StoryActions';
import StoryFields from './StoryFields';
import RichTextEditor from './RichTextEditor';

/** Autosave waits this long after the last keystroke. */
const AUTOSAVE_MS = 2500;
/** How often the open editor asks whether someone else saved this Story. */
const VERSION_POLL_MS = 5000;
const EMPTY_DOCUMENT: StoryDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

export interface EditorProps {
  story: StudioStory | null;
  authors: { id: number; name: string }[];
  me: number;
  canPublish: boolean;
  canDelete: boolean;
  /** Names of the spots the Story embeds, for their cards in the editor. */
  spotNames: Record<number, string>;
}

export type FormState = Pick<StoryDraft, 'category' | 'isFeatured'> & { doc: StoryDocument } & {
  [K in 'title' | 'slug' | 'excerpt' | 'tags' | 'heroImage' | 'seoTitle' | 'seoDescription' | 'socialImage']: string;
} & { authorId: number };

function formOf(story: StudioStory | null, me: number): FormState {
  return {
    title: story?.title ?? '',
    slug: story?.slug ?? '',
    excerpt: story?.excerpt ?? '',
    doc: (story?.doc as StoryDocument | null) ?? EMPTY_DOCUMENT,
    category: (story?.category as FormState['category']) ?? STORY_CATEGORIES[0],
    tags: (story?.tags ?? []).join(', '),
    heroImage: story?.heroImage ?? '',
    isFeatured: story?.isFeatured ?? false,
    authorId: story?.authorId ?? me,
    seoTitle: story?.seoTitle ?? '',
    seoDescription: story?.seoDescription ?? '',
    socialImage: story?.socialImage ?? '',
  };
}

function draftOf(form: FormState): StoryDraft {
  return {
    ...form,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    heroImage: form.heroImage.trim() || null,
    socialImage: form.socialImage.trim() || null,
    excerpt: form.excerpt.trim() || null,
    seoTitle: form.seoTitle.trim() || null,
    seoDescription: form.seoDescription.trim() || null,
  };
}

/** Public states are never autosaved: a half-typed sentence must not reach readers. */
const AUTOSAVED = new Set(['draft', 'review']);
const localKey = (id: number | null) => `story-studio:${id ?? 'new'}`;

/**
 * The Story form. A draft saves itself a moment after typing stops; every save is checked against
 * the version this page opened, so two people editing one Story are told before one overwrites
 * the other. A copy of the form is also kept in this browser until the server has it.
 */
export default function StoryEditor({ story: initial, authors, me, canPublish, canDelete, spotNames }: EditorProps) {
  const hydrated = useHydrated();
  const [story, setStory] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial, me));
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState<string>(initial ? 'All changes saved' : 'Not saved yet');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [savedElsewhere, setSavedElsewhere] = useState<{ by: string; at: string } | null>(null);
  const saving = useRef(false);
  const saveLater = useRef<() => Promise<void>>(async () => {});

  function change<K extends keyof FormState>(key: K, value: FormState[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    setDirty(true);
    setStatus('Unsaved changes');
  }

  useEffect(() => {
    if (!dirty) return;
    try {
      localStorage.setItem(localKey(story?.id ?? null), JSON.stringify(form));
    } catch {
      // Storage off: the server copy is the only one.
    }
    if (!story || !AUTOSAVED.has(story.status) || conflict || savedElsewhere) return;
    const timer = setTimeout(() => void saveLater.current(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [form, dirty, story, conflict, savedElsewhere]);

  function handleFailure(failure: unknown, auto: boolean) {
    if (failure instanceof ApiError && failure.status === 409 && !failure.serverMessage?.includes('slug'))
      setConflict(failure.serverMessage?.startsWith('Someone else') ?? false);
    const fields = failure instanceof ApiError ? (JSON.parse(failure.body || '{}') as { fields?: Record<string, string> }).fields : undefined;
    if (fields) setErrors(fields);
    const message =
      failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Could not reach the server. Your text is kept in this browser; try again.';
    setStatus(auto ? 'Autosave failed' : 'Not saved');
    toast({ title: 'Not saved', description: message, variant: 'destructive' });
  }

  async function save(auto = false) {
    if (saving.current) return;
    saving.current = true;
    setStatus(auto ? 'Saving…' : 'Saving…');
    try {
      if (!story) {
        const { story: created } = await createStory(draftOf(form));
        flashToast({ title: 'Draft saved', description: `${created.title} is in the studio.` });
        localStorage.removeItem(localKey(null));
        window.location.assign(`/admin/stories/${created.id}`);
        return;
      }
      const { story: saved } = await saveStory(story.id, story.version, draftOf(form));
      setStory(saved);
      setDirty(false);
      setErrors({});
      setStatus('All changes saved');
      localStorage.removeItem(localKey(story.id));
    } catch (failure) {
      handleFailure(failure, auto);
    } finally {
      saving.current = false;
    }
  }

  useEffect(() => {
    saveLater.current = () => save(true);
  });

  // Someone else's save is noticed while typing, before this page overwrites it; the 409 stays the last guard.
  useEffect(() => {
    if (!story) return;
    const check = () => {
      if (saving.current || document.hidden) return;
      storyVersionOf(story.id)
        .then((saved) => {
          if (saved.version > story.version && !saving.current) {
            setSavedElsewhere({ by: saved.savedBy?.name ?? 'Someone', at: formatCityDateTime(saved.savedAt) });
          }
        })
        .catch(() => {});
    };
    const timer = setInterval(check, VERSION_POLL_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [story]);

  return (
    <form
      className="story-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}>
      {savedElsewhere && !conflict && (
        <p className="story-editor__conflict" role="alert">
          {savedElsewhere.by} saved this Story at {savedElsewhere.at}, after you opened it. Saving now would be refused so their changes are not lost: copy your changes,
          then <a href={story ? `/admin/stories/${story.id}` : '/admin/stories'}>reload the page</a> to see theirs.
        </p>
      )}
      {conflict && (
        <p className="story-editor__conflict" role="alert">
          Someone else saved this Story after you opened it. Copy your changes, then <a href={story ? `/admin/stories/${story.id}` : '/admin/stories'}>reload the page</a>{' '}
          to see theirs.
        </p>
      )}
      <StoryFields
        form={form}
        errors={errors}
        authors={authors}
        slugLocked={false}
        onChange={change}
        body={<RichTextEditor doc={form.doc} spotNames={spotNames} error={errors.doc ?? errors.content} onChange={(doc) => change('doc', doc)} />}
      />
      <div className="story-editor__bar">
        <p className="muted" role="status" aria-live="polite">
          {status}
        </p>
        <button type="submit" className="btn btn--primary" disabled={!hydrated}>
          {story ? 'Save' : 'Save draft'}
        </button>
      </div>
      {story && <StoryActions story={story} dirty={dirty} canPublish={canPublish} canDelete={canDelete} onChange={(next) => setStory(next)} />}
    </form>
  );
}
