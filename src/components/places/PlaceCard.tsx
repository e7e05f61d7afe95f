import { memo, useCallback, useState } from 'react';
import { TAGS_SHOWN } from '../../lib/constants';
import { openingTone } from '../../lib/opening-hours-labels';
import { visibleTags } from '../../lib/spot-display';
import type { Place } from '../../features/places/api/get-places';
import { LinkIcon, PinIcon } from '../spots/icons';
import { useOpeningLabel } from './use-opening-label';
import { ArtFallback } from '../ui/ArtFallback';
import { milesLabel } from '../../lib/geo';
import '../ui/picture.css';

/**
 * A picture that fails to load is hidden (spec §2): a designed card with the place's name takes its
 * box, so nothing shifts and no empty block is left.
 */
function PlaceImage({ src, name, label }: { src: string; name: string; label: string }) {
  const [broken, setBroken] = useState(!src);
  // An image can fail before the island hydrates, when Preact never sees the error event.
  const checkAlreadyFailed = useCallback((holder: HTMLSpanElement | null) => {
    const img = holder?.querySelector('img');
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) return <ArtFallback title={name} label={label} width={600} height={400} />;
  return (
    <span ref={checkAlreadyFailed} className="place-card__image">
      <img src={src} alt="" loading="lazy" decoding="async" width={600} height={400} onError={() => setBroken(true)} />
    </span>
  );
}

interface PlaceCardProps {
  place: Place;
  /** Miles from the visitor ("near me"). */
  miles?: number;
}

/** One restaurant or activity of the list; memoised so filtering re-renders only new cards. */
export const PlaceCard = memo(function PlaceCard({ place, miles }: PlaceCardProps) {
  const { tags, more } = visibleTags(place.tags, TAGS_SHOWN.restaurantCard);
  const headingId = `place-${place.id}-name`;
  const opening = useOpeningLabel(place);
  const tone = openingTone(opening);

  return (
    <article className="card place-card" aria-labelledby={headingId} data-place-id={place.id}>
      <div className="place-card__media">
        <PlaceImage src={place.image} name={place.name} label={place.tags[0] ?? place.location} />
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
            <PinIcon /> {miles !== undefined && <span className="distance">{milesLabel(miles)} away · </span>}
            {place.location}
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
              <li className="tag tag--more">
                <span aria-hidden="true">+{more}</span>
                <span className="visually-hidden">{more} more tags</span>
              </li>
            )}
          </ul>
        )}
        <div className="place-card__actions">
          {place.spotSlug ? (
            <a className="btn btn--secondary btn--small" href={`/spots/${place.spotSlug}`}>
              <LinkIcon /> View<span className="visually-hidden"> {place.name}</span>
            </a>
          ) : (
            <a className="btn btn--secondary btn--small" href={place.link} target="_blank" rel="noopener noreferrer">
              <LinkIcon /> View<span className="visually-hidden"> {place.name}</span>
            </a>
          )}
          {place.reservationUrl && (
            <a className="btn btn--primary btn--small" href={place.reservationUrl} target="_blank" rel="noopener noreferrer">
              Reserve<span className="visually-hidden"> at {place.name}</span>
            </a>
          )}
        </div>
      </div>
    </article>
  );
});
