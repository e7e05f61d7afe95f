/** Loaded by scripts/serve.mjs: scheduled Stories go out on time unless STORY_SCHEDULE=off. */
import { config } from '../config';
import { startStoryScheduler, type StoryScheduler } from './stories-editorial-scheduler';

export function startConfiguredStoryScheduler(): StoryScheduler | null {
  const { STORY_SCHEDULE, STORY_SCHEDULE_EVERY_MS } = config();
  if (STORY_SCHEDULE === 'off') return null;
  return startStoryScheduler({ everyMs: STORY_SCHEDULE_EVERY_MS });
}
