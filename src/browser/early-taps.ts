/**
 * Taps that arrive before an island has hydrated would do nothing: the button is there (the server
 * drew it) but Preact has not attached its handler yet. This listener, loaded in the head before
 * any island, holds such a tap and replays it on the same button once its island has hydrated
 * (Preact hydrates in place, so the element stays the same). Links are left alone: they work
 * without JavaScript.
 */
const PENDING_ATTRIBUTE = 'data-tap-pending';

function waitForHydration(island: Element, then: () => void): void {
  const observer = new MutationObserver(() => {
    if (island.hasAttribute('ssr')) return;
    observer.disconnect();
    // Preact attaches its listeners during hydration; give it the rest of this task.
    setTimeout(then, 0);
  });
  observer.observe(island, { attributes: true, attributeFilter: ['ssr'] });
}

function onEarlyTap(event: MouseEvent): void {
  if (!(event.target instanceof Element)) return;
  const control = event.target.closest('button, [role="button"], input[type="checkbox"]');
  const island = control?.closest('astro-island[ssr]');
  if (!control || !island || control.hasAttribute(PENDING_ATTRIBUTE)) return;
  event.preventDefault();
  event.stopPropagation();
  control.setAttribute(PENDING_ATTRIBUTE, '');
  control.setAttribute('aria-busy', 'true');
  waitForHydration(island, () => {
    control.removeAttribute(PENDING_ATTRIBUTE);
    control.removeAttribute('aria-busy');
    if (control.isConnected) (control as HTMLElement).click();
  });
}

document.addEventListener('click', onEarlyTap, { capture: true });
