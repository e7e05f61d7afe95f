import type { Wire } from '../../../lib/wire';
import type { publishedStories } from '../../../server/content/blog';

/**
 * GET /api/blog (and /featured, /category/{category}): published stories without their bodies,
 * newest first. No island reads them; the pages render them (StoryCard) and hand them over in
 * this shape.
 */
export type Stories = Wire<Awaited<ReturnType<typeof publishedStories>>>;

export type StorySummary = Stories[number];
