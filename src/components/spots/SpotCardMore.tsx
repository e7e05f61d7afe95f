import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** What stays at the top of the screen over the list: the site header and the sticky filter bar. */
const STUCK_OVER_LIST = '.site-header, .filters';
const GAP = 8;

/** The lowest edge of anything stuck above `y`: a menu opening upward must stay below it. */
function coveredDownTo(y: number): number {
  let edge = 0;
  for (const element of document.querySelectorAll<HTMLElement>(STUCK_OVER_LIST)) {
    const { position } = getComputedStyle(element);
    if (position !== 'sticky' && position !== 'fixed') continue;
    const box = element.getBoundingClientRect();
    if (box.top < y) edge = Math.max(edge, box.bottom);
  }
  return edge;
}

/**
 * Downward unless the screen ends first and there is room above, between the toggle and the
 * sticky bars (the menu would slide under them). Measured with the menu open downward.
 */
function place(details: HTMLDetailsElement): void {
  const toggle = details.querySelector('summary');
  const menu = details.querySelector<HTMLElement>('.spot-card__more-menu');
  if (!details.open || !toggle || !menu) return;
  delete details.dataset.up;
  const around = toggle.getBoundingClientRect();
  const needed = menu.getBoundingClientRect().height + GAP;
  const below = window.innerHeight - around.bottom;
  const above = around.top - coveredDownTo(around.top);
  if (needed > below && needed <= above) details.dataset.up = '';
}

/**
 * A card's secondary actions folded under "More": a native disclosure, so it opens before the
 * card's island has woken and by keyboard; Escape folds it back and returns focus to "More".
 * It opens downward; once awake, it flips upward only when the screen ends below and there is
 * room above, and it follows the menu's own growth (Add to trip's choices open inside it).
 */
export function SpotCardMore({ spotName, children }: { spotName: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = ref.current;
    if (event.key !== 'Escape' || !details?.open) return;
    event.stopPropagation();
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  useEffect(() => {
    const details = ref.current;
    const menu = details?.querySelector('.spot-card__more-menu');
    if (!details || !menu) return;
    const replace = () => place(details);
    const resized = new ResizeObserver(replace);
    resized.observe(menu);
    details.addEventListener('toggle', replace);
    // Opened before the island woke: placed now.
    replace();
    return () => {
      resized.disconnect();
      details.removeEventListener('toggle', replace);
    };
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the disclosure; its summary is the control
    <details ref={ref} className="spot-card__more" onKeyDown={onKeyDown}>
      <summary className="spot-card__more-toggle">
        More<span className="visually-hidden"> for {spotName}</span>
      </summary>
      <div className="spot-card__more-menu">{children}</div>
    </details>
  );
}
