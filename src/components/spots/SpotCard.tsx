import { CARD_RATING, TAGS_SHOWN } from '../../lib/constants';
import type { Spot } from '../../features/spots/api/get-spots';
import { categoryLabel, isLocalsRecommended, isTrending, spotCardImage, visibleTags } from '../../lib/spot-display';
import { tagTone } from '../../lib/tag-colors';
import { priceLabel } from '../../lib/spot-details';
import { EyeIcon, StarIcon } from './icons';
import { ReactionButtons } from './ReactionButtons';
import { SaveButton } from '../saved/SaveButton';
import { Picture } from '../ui/Picture';
import { useMinute } from '../places/use-opening-label';
import { openingStatus } from '../../lib/opening-hours';
import { openingLabel } from '../../lib/opening-hours-labels';
import { milesLabel } from '../../lib/geo';
import { freeSpotsLeftLabel } from '../../lib/free-views';
import { AddToTripButton } from '../trips/AddToTrip';
import { SpotCardMore } from './SpotCardMore';
import { SpotLinks } from './SpotLinks';

/** Cards fill one of up to three columns of the 1200 px container. */
export const SPOT_CARD_SIZES = '(min-width: 1100px) 380px, (min-width: 700px) 46vw, 100vw';

export interface SpotCardProps {
  spot: Spot;
  loved: boolean;
  visited: boolean;
  /** The visitor's free views are used up: the card still shows what is public; Details offers the subscription. */
  locked: boolean;
  /** The Premium badge: shown once the visitor's view count reached the limit. */
  premiumBadge: boolean;
  onDetails: (spot: Spot) => void;
  onSubscribe: () => void;
  /** An email holder's free spots left ("2 of 3 free spots left" by Details); null when no meter applies. */
  freeViewsLeft?: number | null;
  /** Miles from the visitor, when they asked for "near me". */
  miles?: number;
}

/**
 * "Open now · closes 10 PM" in city time, drawn after hydration and kept current each minute. Until
 * then an empty line of the same height holds its place, so the card does not grow when it appears.
 */
function OpeningLine({ hours }: { hours: Spot['hours'] }) {
  const minute = useMinute();
  if (!hours) return null;
  if (minute === null) {
    return (
      <p className="spot-card__open spot-card__open--pending" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  }
  const now = new Date();
  const status = openingStatus(hours, now);
  return <p className={`spot-card__open open-status open-status--${status.state === 'closed' ? 'closed' : 'open'}`}>{openingLabel(status, now)}</p>;
}

export function SpotCard({ spot, loved, visited, locked, premiumBadge, onDetails, onSubscribe, freeViewsLeft = null, miles }: SpotCardProps) {
  const flags = [...(premiumBadge ? ['Premium'] : []), ...(isTrending(spot) ? ['Trending'] : []), ...(isLocalsRecommended(spot) ? ['Locals Recommended'] : [])];
  // A label shown as a badge is not repeated as a tag.
  const shownAsBadge = new Set([categoryLabel(spot.category), ...flags].map((label) => label.toLowerCase()));
  const { tags, more } = visibleTags(
    spot.tags.filter((tag) => !shownAsBadge.has(tag.toLowerCase())),
    TAGS_SHOWN.spotCard,
  );
  const headingId = `spot-${spot.id}-name`;
  const price = priceLabel(spot.priceLevel);
  const place = [spot.neighbourhood, price].filter(Boolean).join(' · ');

  return (
    <article className={`spot-card stretched-card${locked ? ' spot-card--locked' : ''}`} aria-labelledby={headingId} data-spot-id={spot.id}>
      <div className="spot-card__content">
        <div className="spot-card__media">
          <Picture
            photo={spot.photo}
            src={spotCardImage(spot)}
            width={600}
            height={400}
            sizes={SPOT_CARD_SIZES}
            fallback={{ title: spot.name, label: categoryLabel(spot.category) }}
          />
          {/* One badge over the picture; the others read as part of the card's text. */}
          <span className={`spot-badge spot-badge--category spot-badge--${spot.category}`}>{categoryLabel(spot.category)}</span>
        </div>
        <div className="spot-card__body">
          <div className="spot-card__head">
            <div className="spot-card__title-row">
              <h3 id={headingId} className="spot-card__name">
                {/* The whole card opens the spot page (the link stretches over it); buttons sit above. */}
                <a className="spot-card__link stretched-link" href={`/spots/${spot.slug}`}>
                  {spot.name}
                </a>
              </h3>
              <span className="spot-card__rating" role="img" aria-label={`Rated ${CARD_RATING} out of 5`}>
                <StarIcon /> {CARD_RATING}
              </span>
            </div>
            {(place || miles !== undefined) && (
              <p className="spot-card__place">
                {miles !== undefined && <span className="distance">{milesLabel(miles)} away</span>}
                {miles !== undefined && place && ' · '}
                {place}
              </p>
            )}
            {flags.length > 0 && (
              <p className="spot-card__flags">
                {premiumBadge && <span className="spot-badge spot-badge--premium">Premium</span>}
                {isTrending(spot) && <span className="spot-badge spot-badge--trending">Trending</span>}
                {isLocalsRecommended(spot) && <span className="spot-badge spot-badge--locals">Locals Recommended</span>}
              </p>
            )}
          </div>
          {/* Outside the head, so on a phone it has the card's full width: one line, whatever the label. */}
          <OpeningLine hours={spot.hours} />
          <p className="spot-card__description">{spot.hook ?? spot.description}</p>
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
          {/* Love, Been here and Details stay in sight; the ways out (map, website, a trip) fold under More. */}
          <div className="spot-card__actions">
            <ReactionButtons spotId={spot.id} loved={loved} visited={visited} lovedCount={spot.lovedCount} visitedCount={spot.visitedCount} />
            <SpotCardMore spotName={spot.name}>
              <SpotLinks spot={spot} compact />
              <AddToTripButton spotId={spot.id} spotName={spot.name} />
            </SpotCardMore>
            <button type="button" className="btn btn--primary btn--small spot-card__details" onClick={() => (locked ? onSubscribe() : onDetails(spot))}>
              Details
            </button>
          </div>
          {freeViewsLeft !== null && <p className="spot-card__meter">{freeSpotsLeftLabel(freeViewsLeft)}</p>}
          <p className="spot-card__views">
            <EyeIcon /> Viewed {spot.viewCount}x
          </p>
        </div>
      </div>
      <div className="spot-card__save">
        <SaveButton spotId={spot.id} spotName={spot.name} />
      </div>
    </article>
  );
}
