import type { ReactNode } from 'react';
import { STORY_CATEGORIES } from '../../../lib/catalog';
import type { FormState } from './StoryEditor';

interface Props {
  form: FormState;
  errors: Record<string, string>;
  authors: { id: number; name: string }[];
  slugLocked: boolean;
  onChange: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  /** The Story's body editor, shown after the excerpt. */
  body: ReactNode;
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** Every field a publication needs, with each error next to its input. */
export default function StoryFields({ form, errors, authors, onChange, body }: Props) {
  const text = (key: 'title' | 'slug' | 'excerpt' | 'tags' | 'heroImage' | 'seoTitle' | 'seoDescription' | 'socialImage', label: string, hint?: string, max?: number) => (
    <Field id={`story-${key}`} label={label} error={errors[key]} hint={hint}>
      <input
        id={`story-${key}`}
        className="input"
        value={form[key]}
        maxLength={max}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(`story-${key}`, errors[key], hint)}
        onInput={(event) => onChange(key, (event.target as HTMLInputElement).value)}
      />
    </Field>
  );
  return (
    <>
      {text('title', 'Title', undefined, 160)}
      <div className="admin-form__grid">
        {text('slug', 'Address (slug)', 'Lowercase words joined by hyphens. Changing it after publishing keeps the old address working.', 120)}
        <Field id="story-category" label="Category">
          <select
            id="story-category"
            className="input"
            value={form.category}
            onChange={(event) => onChange('category', (event.target as HTMLSelectElement).value as FormState['category'])}>
            {STORY_CATEGORIES.map((category) => (
              <option value={category}>{category}</option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="story-excerpt" label="Excerpt" error={errors.excerpt} hint="One or two sentences for cards and feeds (at most 300 characters).">
        <textarea
          id="story-excerpt"
          className="input"
          rows={2}
          maxLength={300}
          value={form.excerpt}
          onInput={(event) => onChange('excerpt', (event.target as HTMLTextAreaElement).value)}
        />
      </Field>
      {body}
      <div className="admin-form__grid">
        <Field id="story-author" label="Author">
          <select
            id="story-author"
            className="input"
            value={String(form.authorId)}
            onChange={(event) => onChange('authorId', Number((event.target as HTMLSelectElement).value))}>
            {authors.map((author) => (
              <option value={String(author.id)}>{author.name}</option>
            ))}
          </select>
        </Field>
        {text('tags', 'Tags', 'Separate tags with commas.')}
        {text('heroImage', 'Hero image', 'A path on this site (/uploads/…) or an https address.')}
        {text('socialImage', 'Social image', 'Shown when the Story is shared; the hero image when empty.')}
        {text('seoTitle', 'SEO title', 'For search results; the title when empty (at most 70 characters).', 70)}
        {text('seoDescription', 'SEO description', 'The excerpt when empty (at most 160 characters).', 160)}
      </div>
      <label className="admin-tags__option">
        <input type="checkbox" checked={form.isFeatured} onChange={(event) => onChange('isFeatured', (event.target as HTMLInputElement).checked)} /> Featured on the home
        page
      </label>
    </>
  );
}
