import type { ClientDirective } from 'astro';

/**
 * `client:one-per-task`: wakes islands after the page's own work, one island per task. Many small
 * islands (the cards of a list) would otherwise hydrate in one long task as soon as their shared
 * code has loaded, holding up a phone's main thread; one at a time, each task stays short and a
 * tap in between is answered at once.
 */
const waiting: (() => Promise<void>)[] = [];
let draining = false;

interface Scheduler {
  postTask: (task: () => void, options: { priority: 'background' }) => Promise<void>;
}

/**
 * A task of its own at background priority, after what the page and the reader are doing (no
 * timers: a tab's timers are throttled, and a page's clock may be held).
 */
function laterTask(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.postTask) {
    void scheduler.postTask(run, { priority: 'background' });
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => run();
  channel.port2.postMessage(null);
}

function drain(): void {
  const wake = waiting.shift();
  if (!wake) {
    draining = false;
    return;
  }
  wake()
    .catch((error: unknown) => console.error('An island could not start:', error))
    .finally(() => laterTask(drain));
}

const onePerTask: ClientDirective = (load) => {
  waiting.push(async () => {
    const hydrate = await load();
    await hydrate();
  });
  if (draining) return;
  draining = true;
  laterTask(drain);
};

export default onePerTask;
