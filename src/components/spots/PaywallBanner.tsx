import { FREE_SPOT_VIEWS } from '../../lib/constants';
import { offerAt, perPeriod, siteOffer } from '../../lib/offer';
import { LockIcon } from './icons';

/** One banner, not an overlay per card, once the visitor's free views are used up. */
export function PaywallBanner({ onSubscribe }: { onSubscribe: () => void }) {
  return (
    <section className="paywall-banner" aria-labelledby="paywall-banner-title">
      <LockIcon />
      <div className="paywall-banner__text">
        <h2 id="paywall-banner-title" className="paywall-banner__title">
          You've used your {FREE_SPOT_VIEWS} free spot views
        </h2>
        <p>
          Names, pictures and hours stay open to everyone. Members read every spot's full guide: know-before-you-go, insider tips and directions, for{' '}
          {perPeriod(offerAt(siteOffer()).charged)}.
        </p>
      </div>
      <button type="button" className="btn btn--primary" onClick={onSubscribe}>
        Subscribe to View
      </button>
    </section>
  );
}
