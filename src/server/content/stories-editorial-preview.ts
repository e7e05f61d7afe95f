import { signValue, verifySignedValue } from '../http/signed-value';
import { teaserFrom, type StorySummary } from './blog';
import { studioStory, type StudioStory } from './stories-editorial';

/** How long a preview link works. */
export const PREVIEW_HOURS = 48;
const PREFIX = 'story-preview';

/** A secret link showing the Story as it now is, to anyone holding it, until it expires. */
export function previewLink(origin: string, storyId: number, now = new Date()) {
  const expiresAt = new Date(now.getTime() + PREVIEW_HOURS * 60 * 60 * 1000);
  const token = signValue(`${PREFIX}:${storyId}:${expiresAt.getTime()}`);
  return { url: `${origin}/preview/story?token=${encodeURIComponent(token)}`, expiresAt };
}

/** The Story behind a preview link, or why there is none (the page says so with a 404 or 410). */
export async function storyForPreview(token: string | null, now = new Date()): Promise<{ story: StudioStory; expiresAt: Date } | { problem: 'invalid' | 'expired' }> {
  const value = verifySignedValue(token ?? undefined);
  const match = value ? /^story-preview:(\d{1,12}):(\d{1,15})$/.exec(value) : null;
  if (!match) return { problem: 'invalid' };
  const expiresAt = new Date(Number(match[2]));
  if (expiresAt.getTime() <= now.getTime()) return { problem: 'expired' };
  try {
    return { story: await studioStory(Number(match[1])), expiresAt };
  } catch {
    return { problem: 'invalid' };
  }
}

/** The Story as its card on /blog and the home page would show it. */
export function previewCard(story: StudioStory, now = new Date()): StorySummary {
  const { content, status: _s, scheduledFor: _f, version: _v, authorId: _a, seoTitle: _t, seoDescription: _d, socialImage: _i, ...rest } = story;
  return { ...rest, publishedAt: story.publishedAt ?? story.scheduledFor ?? now, teaser: story.excerpt ?? teaserFrom(content) };
}
