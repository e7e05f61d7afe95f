import { memo, useCallback, useState } from 'react';
import { TAGS_SHOWN } from '../../lib/constants';
import { openingTone } from '../../lib/place-list';
import { visibleTags } from '../../lib/spot-display';
import type { Place } from '../../features/places/api/get-places';
import { LinkIcon, PinIcon } from '../spots/icons';
import { useOpeningLabel } from './use-opening-label';

/** A picture that fails to load is hidden (spec §2); the box keeps its size so nothing shifts. */
function PlaceImage({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  // An image can fail before the island hydrates, when React never sees the error event.
  const checkAlreadyFailed = useCallback((img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) return null;
  return <img ref={checkAlreadyFailed} src={src} alt="" loading="lazy" decoding="async" width={600} height={400} onError={() => setBroken(true)} />;
}

interface PlaceCardProps {
  place: Place;
}

/** One restaurant or activity of the list; memoised so filtering re-renders only new cards. */
export const PlaceCard = memo(function PlaceCard({ place }: PlaceCardProps) {
  const { tags, more } = visibleTags(place.tags, TAGS_SHOWN.restaurantCard);
  const headingId = `place-${place.id}-name`;
  const opening = useOpeningLabel(place);
  const tone = openingTone(opening);

  return (
    <article className="card place-card" aria-labelledby={headingId} data-place-id={place.id}>
      <div className="place-card__media">
        <PlaceImage src={place.image} />
        {place.priceRange && (
          <span className="place-card__price">
            <span className="visually-hidden">Price range </span>
            {place.priceRange}
          </span>
        )}
      </div>
      <div className="place-card__body">
        <div className="place-card__title-row">
          <h3 id={headingId} className="place-card__name">
            {place.name}
          </h3>
          <span className="place-card__rating" role="img" aria-label={`Rated ${place.rating} out of 5`}>
            <span className="place-card__star" aria-hidden="true">
              ★
            </span>{' '}
            {place.rating.toFixed(1)}
          </span>
        </div>
        <p className="place-card__meta">
          <span className="place-card__location">
            <PinIcon /> {place.location}
          </span>
          <span className="place-card__reviews">{place.reviewCount}</span>
        </p>
        {opening && (
          <p className={`place-card__opening opening--${tone}`} data-tone={tone}>
            {opening}
          </p>
        )}
        {place.highlight && <p className="place-card__highlight">“{place.highlight}”</p>}
        {place.tags.length > 0 && (
          <ul className="place-card__tags" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
            {more > 0 && (
              <li className="tag tag--more" aria-label={`${more} more tags`}>
                +{more}
              </li>
            )}
          </ul>
        )}
        <div className="place-card__actions">
          <a className="btn btn--secondary btn--small" href={place.link} target="_blank" rel="noopener noreferrer">
            <LinkIcon /> View<span className="visually-hidden"> {place.name}</span>
          </a>
          {place.reservationAvailable && (
            <a className="btn btn--primary btn--small" href={place.link} target="_blank" rel="noopener noreferrer">
              Reserve<span className="visually-hidden"> at {place.name}</span>
            </a>
          )}
        </div>
      </div>
    </article>
  );
});
