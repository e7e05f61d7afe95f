import { memo, useEffect, useRef, useState } from 'react';
import type { Place } from '../../features/places/api/get-places';
import { PlaceCard } from './PlaceCard';

/** Cards rendered per step; a multiple of 1, 2 and 3 columns. */
const CARDS_PER_STEP = 48;

/**
 * The cards, a step at a time as the visitor scrolls, so a new filter or sort of a long
 * list commits only the first few dozen cards. Memoised: typing alone never re-renders it.
 */
export const PlaceGrid = memo(function PlaceGrid({ places, busy, noun, distances }: { places: Place[]; busy: boolean; noun: string; distances?: Map<number, number> }) {
  const [limit, setLimit] = useState(CARDS_PER_STEP);
  const [listed, setListed] = useState(places);
  if (listed !== places) {
    setListed(places);
    setLimit(CARDS_PER_STEP);
  }
  const more = useRef<HTMLDivElement>(null);
  const hasMore = limit < places.length;
  useEffect(() => {
    if (!hasMore || !more.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((current) => current + CARDS_PER_STEP);
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(more.current);
    return () => observer.disconnect();
  }, [hasMore, limit]);

  return (
    <>
      <div className="place-grid" aria-busy={busy}>
        {places.slice(0, limit).map((place) => (
          <PlaceCard key={place.id} place={place} miles={distances?.get(place.id)} />
        ))}
      </div>
      {hasMore && (
        <div ref={more} className="place-grid__more">
          <button type="button" className="btn btn--secondary" onClick={() => setLimit((current) => current + CARDS_PER_STEP)}>
            Show more {noun}
          </button>
        </div>
      )}
    </>
  );
});
