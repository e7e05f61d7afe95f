import { useSyncExternalStore } from 'react';
import { readStoredUser, subscribeStoredUser } from '../../lib/browser-storage';
import type { ClientSpot } from '../../lib/client-spot';
import { QueryRoot } from '../ui/QueryRoot';
import { SpotGrid } from './SpotGrid';

const isSignedIn = () => readStoredUser() !== null;

/** The home page's members-only block: premium spots for signed-in users, a sign-in note for others. */
export default function PremiumSpots({ spots }: { spots: ClientSpot[] }) {
  const signedIn = useSyncExternalStore(subscribeStoredUser, isSignedIn, () => false);
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
      <SpotGrid spots={spots} mode="preview" />
    </QueryRoot>
  );
}
