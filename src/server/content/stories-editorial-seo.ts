import type { PublicStory } from './blog';
import { breadcrumbList, jsonLdScript, publisher } from '../../lib/json-ld';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, shareCardLink, storyCardContent } from '../../lib/share-card';

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** What search engines and link previews read about a Story, from the fields the studio fills. */
export function storySeo(story: PublicStory, origin: string, description: string) {
  const published = story.publishedAt ?? story.createdAt;
  // dateModified is the last material change (title or text) once published, never a mere re-save.
  const modified = story.revisedAt && story.revisedAt > published ? story.revisedAt : published;
  const image = story.socialImage ?? story.heroImage;
  const url = absolute(origin, `/blog/${encodeURIComponent(story.slug)}`);
  const shareCard = shareCardLink('story', story.slug, storyCardContent(story));
  // The share card is a raster picture of the Story, at the size rich results ask for.
  const card = { '@type': 'ImageObject', url: absolute(origin, shareCard.path), width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT };
  const posting = {
    '@type': 'BlogPosting',
    headline: story.seoTitle ?? story.title,
    description: story.seoDescription ?? description,
    datePublished: published.toISOString(),
    dateModified: modified.toISOString(),
    author: { '@type': 'Person', name: story.author },
    publisher: publisher(origin),
    articleSection: story.category,
    keywords: story.tags.join(', '),
    mainEntityOfPage: url,
    url,
    // Rich results want a raster picture: a chosen photo when it is one, else the share card.
    image: image && /\.(jpe?g|png|webp)$/i.test(image) ? absolute(origin, image) : card,
  };
  const breadcrumb = breadcrumbList(origin, [
    { name: 'Home', path: '/' },
    { name: 'Stories', path: '/blog' },
    { name: story.title, path: `/blog/${encodeURIComponent(story.slug)}` },
  ]);
  return {
    title: story.seoTitle ?? story.title,
    description: story.seoDescription ?? description,
    shareCard,
    published,
    /** Set when a published Story changed materially: the page says "Updated". */
    updated: modified > published ? modified : null,
    jsonLd: jsonLdScript(posting),
    breadcrumbJsonLd: jsonLdScript(breadcrumb),
  };
}
