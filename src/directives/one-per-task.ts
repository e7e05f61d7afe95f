import type { ClientDirective } from 'astro';

/**
 * `client:one-per-task`: wakes islands after the page's own work, one island per task, each once it
 * comes within a screen of being seen. Many small islands (the cards of a list) would otherwise
 * hydrate in one long task as soon as their shared code has loaded, holding up a phone's main
 * thread; one at a time, each task stays short and a tap in between is answered at once, and the
 * cards further down wake as the reader scrolls towards them (a tap that comes first is held by the
 * page's early-tap catcher and replayed).
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

function enqueue(load: Parameters<ClientDirective>[0]): void {
  waiting.push(async () => {
    const hydrate = await load();
    await hydrate();
  });
  if (draining) return;
  draining = true;
  laterTask(drain);
}

/** Marks an island still waiting to come into view (the browser tests wait only for the others). */
const WAITING_FOR_VIEW = 'data-wakes-in-view';
let watcher: IntersectionObserver | undefined;
const loaders = new WeakMap<Element, Parameters<ClientDirective>[0]>();

function watch(el: HTMLElement, load: Parameters<ClientDirective>[0]): void {
  if (typeof IntersectionObserver !== 'function') {
    enqueue(load);
    return;
  }
  watcher ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const island = entry.target.closest('astro-island');
        const waitingLoad = island && loaders.get(island);
        if (!island || !waitingLoad) continue;
        loaders.delete(island);
        for (const child of island.children) watcher!.unobserve(child);
        island.removeAttribute(WAITING_FOR_VIEW);
        enqueue(waitingLoad);
      }
    },
    // A screen ahead, so a card is awake before the reader reaches it.
    { rootMargin: '100% 0px' },
  );
  // An island is `display: contents` (no box of its own): what is seen is its children.
  if (el.children.length === 0) {
    enqueue(load);
    return;
  }
  el.setAttribute(WAITING_FOR_VIEW, '');
  loaders.set(el, load);
  for (const child of el.children) watcher.observe(child);
}

const onePerTask: ClientDirective = (load, _options, el) => watch(el, load);

export default onePerTask;
