import { Picture } from '../ui/Picture';
import { QueryRoot } from '../ui/QueryRoot';
import { categoryLabel, spotCardImage } from '../../lib/spot-display';
import { statusBanner } from '../../lib/spot-status';
import { AddToTripButton } from '../trips/AddToTrip';
import { SaveButton } from './SaveButton';
import { useSaved } from './use-saved';
import './saved.css';

interface Props {
  /** On /account: at most this many, with a link to the whole list. */
  limit?: number;
}

export function SavedSpotsList({ limit }: Props) {
  const saved = useSaved();
  if (saved.loading) return <p className="muted">Loading your saved spots…</p>;
  if (saved.spots.length === 0) {
    return (
      <div className="saved-empty">
        <p className="saved-empty__title">No saved spots yet.</p>
        <p className="muted">Tap the bookmark on any spot to keep it here for your next trip out.</p>
        <a className="btn btn--primary" href="/spots">
          Browse spots
        </a>
      </div>
    );
  }
  const shown = limit ? saved.spots.slice(0, limit) : saved.spots;
  return (
    <>
      {!saved.signedIn && (
        <p className="saved-note">
          Saved in this browser. <a href="/sign-in">Sign in</a> to keep your list on every device.
        </p>
      )}
      <ul className="saved-list" aria-label="Saved spots">
        {shown.map((spot) => {
          const closed = statusBanner(spot);
          return (
            <li key={spot.id} className="saved-tile stretched-card" data-spot-id={spot.id}>
              <Picture
                className="saved-tile__image"
                photo={spot.photo}
                src={spotCardImage(spot)}
                width={600}
                height={400}
                sizes="(min-width: 700px) 300px, 100vw"
                fallback={{ title: spot.name, label: categoryLabel(spot.category) }}
              />
              <div className="saved-tile__body">
                <span className="saved-tile__category">{categoryLabel(spot.category)}</span>
                <h3 className="saved-tile__name">
                  <a href={`/spots/${spot.slug}`} className="stretched-link">
                    {spot.name}
                  </a>
                </h3>
                {closed && (
                  <span className="saved-tile__closed" data-saved-closed>
                    {closed.title}
                  </span>
                )}
                <AddToTripButton spotId={spot.id} spotName={spot.name} />
              </div>
              <SaveButton spotId={spot.id} spotName={spot.name} />
            </li>
          );
        })}
      </ul>
      {limit && (
        <p className="saved-more">
          <a href="/saved">{saved.spots.length > limit ? `See all ${saved.spots.length} saved spots` : 'Open your saved spots'}</a>
        </p>
      )}
    </>
  );
}

/** The visitor's saved spots: names and pictures, each with its Saved toggle. */
export default function SavedList(props: Props) {
  return (
    <QueryRoot>
      <SavedSpotsList {...props} />
    </QueryRoot>
  );
}
