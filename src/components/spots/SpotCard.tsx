import { useState } from 'react';
import { CARD_RATING, TAGS_SHOWN } from '../../lib/constants';
import type { Spot } from '../../features/spots/api/get-spots';
import { categoryLabel, isLocalsRecommended, isTrending, spotCardImage, visibleTags } from '../../lib/spot-display';
import { tagTone } from '../../lib/tag-colors';
import { CheckIcon, EyeIcon, HeartIcon, LinkIcon, LockIcon, PinIcon, StarIcon } from './icons';
import { useReaction, type ReactionCounts } from './use-reaction';
import { SaveButton } from '../saved/SaveButton';

export interface SpotCardProps {
  spot: Spot;
  loved: boolean;
  visited: boolean;
  /** Blurred under the Premium Content overlay with every button disabled. */
  locked: boolean;
  /** The Premium badge: shown once the visitor's view count reached the limit. */
  premiumBadge: boolean;
  onDetails: (spot: Spot) => void;
  onSubscribe: () => void;
}

export function SpotCard({ spot, loved, visited, locked, premiumBadge, onDetails, onSubscribe }: SpotCardProps) {
  const [counts, setCounts] = useState<ReactionCounts>({ lovedCount: spot.lovedCount, visitedCount: spot.visitedCount });
  const love = useReaction(spot.id, 'love', setCounts);
  const visit = useReaction(spot.id, 'visit', setCounts);
  const { tags, more } = visibleTags(spot.tags, TAGS_SHOWN.spotCard);
  const headingId = `spot-${spot.id}-name`;

  return (
    <article className={`spot-card${locked ? ' spot-card--locked' : ''}`} aria-labelledby={headingId} data-spot-id={spot.id}>
      <div className="spot-card__content" inert={locked}>
        <div className="spot-card__media">
          <img src={spotCardImage(spot)} alt="" loading="lazy" decoding="async" width={600} height={400} />
          <span className={`spot-badge spot-badge--category spot-badge--${spot.category}`}>{categoryLabel(spot.category)}</span>
          <div className="spot-card__flags">
            {isTrending(spot) && <span className="spot-badge spot-badge--trending">Trending</span>}
            {isLocalsRecommended(spot) && <span className="spot-badge spot-badge--locals">Locals Recommended</span>}
          </div>
        </div>
        <div className="spot-card__body">
          <div className="spot-card__title-row">
            <h3 id={headingId} className="spot-card__name">
              {spot.name}
            </h3>
            <span className="spot-card__rating" aria-label={`Rated ${CARD_RATING} out of 5`}>
              <StarIcon /> {CARD_RATING}
            </span>
          </div>
          <p className="spot-card__description">{spot.description}</p>
          {spot.tags.length > 0 && (
            <ul className="spot-card__tags" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag} className={`tag tag--${tagTone(tag)}`}>
                  {tag}
                </li>
              ))}
              {more > 0 && <li className="tag tag--more">+{more}</li>}
            </ul>
          )}
          <div className="spot-card__reactions">
            <button
              type="button"
              className={`reaction${loved ? ' reaction--done' : ''}`}
              aria-pressed={loved}
              disabled={locked || loved || love.isPending}
              onClick={() => love.mutate()}>
              <HeartIcon filled={loved} /> <span>{loved ? 'Loved' : 'Love'}</span>
              <span className="reaction__count" data-count="loved">
                {counts.lovedCount}
              </span>
            </button>
            <button
              type="button"
              className={`reaction${visited ? ' reaction--done' : ''}`}
              aria-pressed={visited}
              disabled={locked || visited || visit.isPending}
              onClick={() => visit.mutate()}>
              <CheckIcon /> <span>Been here</span>
              <span className="reaction__count" data-count="visited">
                {counts.visitedCount}
              </span>
            </button>
          </div>
          <div className="spot-card__actions">
            {spot.mapsUrl && (
              <a className="btn btn--ghost btn--small" href={spot.mapsUrl} target="_blank" rel="noopener noreferrer" aria-disabled={locked}>
                <PinIcon /> View Map
              </a>
            )}
            {spot.website && (
              <a className="btn btn--ghost btn--small" href={spot.website} target="_blank" rel="noopener noreferrer" aria-disabled={locked}>
                <LinkIcon /> Visit Website
              </a>
            )}
            <button type="button" className="btn btn--primary btn--small spot-card__details" disabled={locked} onClick={() => onDetails(spot)}>
              Details
            </button>
          </div>
          <p className="spot-card__views">
            <EyeIcon /> Viewed {spot.viewCount}x
          </p>
        </div>
      </div>
      <div className="spot-card__save">
        <SaveButton spotId={spot.id} spotName={spot.name} />
      </div>
      {locked && (
        <div className="spot-card__lock">
          {premiumBadge && <span className="spot-badge spot-badge--premium">Premium</span>}
          <LockIcon />
          <p className="spot-card__lock-title">Premium Content</p>
          <button type="button" className="btn btn--primary btn--small" onClick={onSubscribe}>
            Subscribe to View
          </button>
        </div>
      )}
    </article>
  );
}
