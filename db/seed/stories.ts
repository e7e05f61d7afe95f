import type { SeedStory } from './types';
import { publishedStories } from './stories/published';
import { draftStories } from './stories/drafts';

/** Published stories, then drafts, in seed order. */
export const seedStories: SeedStory[] = [...publishedStories, ...draftStories];
