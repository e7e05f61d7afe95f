import { readStoredUser, subscribeStoredUser } from '../../browser/browser-storage';
import { usePremiumSpots } from '../../features/spots/api/get-premium-spots';
import { PREMIUM_SPOTS_SHOWN } from '../../lib/premium';
import { QueryRoot } from '../ui/QueryRoot';
import { SpotPreviewGrid } from './SpotPreviewGrid';
import { useExternalStore } from '../ui/use-hydrated';

const isSignedIn = () => readStoredUser() !== null;

function MembersSpots() {
  const { data, isError } = usePremiumSpots();
  if (isError) return <p className="muted">Premium spots are unavailable right now.</p>;
  if (!data) {
    return (
      <div className="spot-grid" aria-busy="true" aria-label="Loading premium spots">
        {Array.from({ length: PREMIUM_SPOTS_SHOWN }, (_, i) => (
          <div key={i} className="skeleton spot-skeleton" />
        ))}
      </div>
    );
  }
  return <SpotPreviewGrid spots={data.spots.slice(0, PREMIUM_SPOTS_SHOWN)} />;
}

/**
 * The home page's members-only block: premium spots for signed-in users, a sign-in note for
 * others. Sign-in may live in this browser only (the demo), so the spots are read once the visitor
 * is signed in rather than shipped in the page to everyone.
 */
export default function PremiumSpots() {
  const signedIn = useExternalStore(subscribeStoredUser, isSignedIn, () => false);
  if (!signedIn) {
    return (
      <div className="members-only">
        <p className="members-only__text">Members Only - Please sign in to access Premium Spots</p>
        <a className="btn btn--primary" href="/sign-in">
          Sign In
        </a>
      </div>
    );
  }
  return (
    <QueryRoot>
      <MembersSpots />
    </QueryRoot>
  );
}
