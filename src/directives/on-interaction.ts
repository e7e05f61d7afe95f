import type { ClientDirective } from 'astro';

/**
 * `client:on-interaction`: the island's code loads and hydrates only when the reader reaches for
 * it (a touch, a pointer over it, focus, a key) — until then its server-drawn controls cost a phone
 * nothing. Its value may add two more reasons: `{ media: '(min-width: 1100px)' }` hydrates at once
 * where that query matches (or as soon as it starts to), `{ event: 'name' }` when that event is sent
 * on the document (another island asking this one to draw).
 *
 * Nothing the reader does first is lost: a tap on a button is held by early-taps.ts and replayed
 * once the island has hydrated, and text typed or an option chosen meanwhile is put back and
 * announced again (an `input` and a `change` event on the same control, which Preact hydrated in
 * place).
 */
const WAKE_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'focusin', 'keydown'] as const;
const EDIT_EVENTS = ['input', 'change'] as const;

interface Reasons {
  media?: string;
  event?: string;
}

const onInteraction: ClientDirective = (load, options, island) => {
  const reasons: Reasons = typeof options.value === 'object' && options.value !== null ? (options.value as Reasons) : {};
  /** Controls edited before hydration, with what the reader left in them. */
  const edited = new Map<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string>();
  const media = reasons.media ? window.matchMedia(reasons.media) : null;
  let started = false;

  const onEdit = (event: Event) => {
    const control = event.target;
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) edited.set(control, control.value);
  };
  // early-taps.ts stops a held click at the document; the window sees it first.
  const onClick = (event: Event) => {
    if (event.target instanceof Node && island.contains(event.target)) void wake();
  };
  const onMedia = () => {
    if (media?.matches) void wake();
  };

  function stopListening(): void {
    for (const type of WAKE_EVENTS) island.removeEventListener(type, wake, true);
    window.removeEventListener('click', onClick, true);
    media?.removeEventListener('change', onMedia);
    if (reasons.event) document.removeEventListener(reasons.event, wake);
  }

  async function wake(): Promise<void> {
    if (started) return;
    started = true;
    stopListening();
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      console.error('An island could not start:', error);
      return;
    } finally {
      for (const type of EDIT_EVENTS) island.removeEventListener(type, onEdit, true);
    }
    // The hydrating render may already have put the island's own (server) value back in the control.
    for (const [control, value] of edited) {
      if (!control.isConnected) continue;
      control.value = value;
      for (const type of EDIT_EVENTS) control.dispatchEvent(new Event(type, { bubbles: true }));
    }
  }

  for (const type of EDIT_EVENTS) island.addEventListener(type, onEdit, true);
  for (const type of WAKE_EVENTS) island.addEventListener(type, wake, { capture: true, passive: true });
  window.addEventListener('click', onClick, true);
  media?.addEventListener('change', onMedia);
  if (reasons.event) document.addEventListener(reasons.event, wake);
  if (media?.matches || island.contains(document.activeElement)) void wake();
};

export default onInteraction;
