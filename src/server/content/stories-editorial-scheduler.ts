import { publishDueStories } from './stories-editorial-states';

/** How often the scheduler looks for Stories whose time has come: well inside the promised minute. */
export const STORY_PUBLISH_EVERY_MS = 15_000;

export interface StoryScheduler {
  /** Runs one check now (the timer calls this every interval). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Publishes scheduled Stories on time. Nothing is kept in memory: each tick asks the database
 * which Stories are due and claims each with a guarded update, so a restart loses nothing and two
 * instances never publish one Story twice.
 */
export function startStoryScheduler(options: { everyMs?: number; now?: () => Date; log?: (line: string) => void } = {}): StoryScheduler {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  let running: Promise<void> | null = null;
  const tick = async () => {
    if (running) return running;
    running = (async () => {
      try {
        for (const story of await publishDueStories(now())) log(`[stories] published on schedule: ${story.title} (#${story.id})`);
      } catch (error) {
        console.error(`[stories] scheduled publishing failed, trying again shortly: ${(error as Error).message}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), options.everyMs ?? STORY_PUBLISH_EVERY_MS);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
