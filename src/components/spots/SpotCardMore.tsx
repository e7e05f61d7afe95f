import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A card's secondary actions folded under "More": a native disclosure, so it opens before the
 * card's island has woken and by keyboard; Escape folds it back and returns focus to "More".
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
