import type { PublicStory } from './blog';

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** What search engines and link previews read about a Story, from the fields the studio fills. */
export function storySeo(story: PublicStory, origin: string, description: string) {
  const published = story.publishedAt ?? story.createdAt;
  // dateModified is the last material change (title or text) once published, never a mere re-save.
  const modified = story.revisedAt && story.revisedAt > published ? story.revisedAt : published;
  const image = story.socialImage ?? story.heroImage;
  const url = absolute(origin, `/blog/${encodeURIComponent(story.slug)}`);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: story.seoTitle ?? story.title,
    description: story.seoDescription ?? description,
    datePublished: published.toISOString(),
    dateModified: modified.toISOString(),
    author: { '@type': 'Person', name: story.author },
    articleSection: story.category,
    keywords: story.tags.join(', '),
    mainEntityOfPage: url,
    url,
    ...(image ? { image: absolute(origin, image) } : {}),
  };
  return {
    title: story.seoTitle ?? story.title,
    description: story.seoDescription ?? description,
    image: image ?? undefined,
    published,
    /** Set when a published Story changed materially: the page says "Updated". */
    updated: modified > published ? modified : null,
    // `<` is escaped so no text of the Story can close the script element.
    jsonLd: JSON.stringify(data).replace(/</g, '\\u003c'),
  };
}
