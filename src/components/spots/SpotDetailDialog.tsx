import { CARD_RATING } from '../../lib/constants';
import type { Spot } from '../../features/spots/api/get-spots';
import { categoryLabel, isLocalsRecommended, isTrending, spotCardImage } from '../../lib/spot-display';
import { tagTone } from '../../lib/tag-colors';
import { Dialog } from '../ui/Dialog';
import { Picture } from '../ui/Picture';
import { SaveButton } from '../saved/SaveButton';
import { EyeIcon, HeartIcon, CheckIcon, StarIcon } from './icons';
import { SpotLinks } from './SpotLinks';

/** Everything about one spot: large image, full description, all tags, links and counts. */
export function SpotDetailDialog({ spot, onClose }: { spot: Spot | null; onClose: () => void }) {
  return (
    <Dialog open={spot !== null} onClose={onClose} title={spot?.name ?? ''} hideTitle size="large">
      {spot && (
        <div className="spot-detail">
          <Picture
            className="spot-detail__image"
            photo={spot.photo}
            src={spot.imageUrl || spotCardImage(spot)}
            width={600}
            height={400}
            sizes="(min-width: 800px) 712px, 100vw"
            priority
            fallback={{ title: spot.name, label: categoryLabel(spot.category) }}
          />
          <div className="spot-detail__badges">
            <span className={`spot-badge spot-badge--category spot-badge--${spot.category}`}>{categoryLabel(spot.category)}</span>
            {isTrending(spot) && <span className="spot-badge spot-badge--trending">Trending</span>}
            {isLocalsRecommended(spot) && <span className="spot-badge spot-badge--locals">Locals Recommended</span>}
            <span className="spot-card__rating">
              <StarIcon /> {CARD_RATING}
            </span>
          </div>
          <p className="spot-detail__name" aria-hidden="true">
            {spot.name}
          </p>
          <p className="spot-detail__description">{spot.description}</p>
          {spot.tags.length > 0 && (
            <ul className="spot-card__tags" aria-label="Tags">
              {spot.tags.map((tag) => (
                <li key={tag} className={`tag tag--${tagTone(tag)}`}>
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <div className="spot-detail__links">
            <SpotLinks spot={spot} />
            <SaveButton spotId={spot.id} spotName={spot.name} variant="inline" />
          </div>
          <p className="spot-detail__full">
            {'locked' in spot && spot.locked ? (
              // A visitor whose free views are used up has the teaser: say so, and where the rest is.
              <a href="/launch">You've used your free spots. Members read every spot's full guide: see membership →</a>
            ) : (
              <a href={`/spots/${spot.slug}`}>Open the full page: hours, know-before-you-go and the insider tip →</a>
            )}
          </p>
          <dl className="spot-detail__counts">
            <div>
              <dt>
                <EyeIcon /> Views
              </dt>
              <dd>{spot.viewCount}</dd>
            </div>
            <div>
              <dt>
                <HeartIcon /> Loves
              </dt>
              <dd>{spot.lovedCount}</dd>
            </div>
            <div>
              <dt>
                <CheckIcon /> Been here
              </dt>
              <dd>{spot.visitedCount}</dd>
            </div>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
