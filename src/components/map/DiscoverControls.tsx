import type { NearMe } from './use-near-me';
import './map.css';

export type ListView = 'list' | 'map';

interface Props {
  view: ListView;
  onView: (view: ListView) => void;
  openNow: boolean;
  onOpenNow: (openNow: boolean) => void;
  nearMe: NearMe;
  onNearMe: () => void;
}

/** List or map, "open now" and "near me": the same three controls on every tab of /spots. */
export function DiscoverControls({ view, onView, openNow, onOpenNow, nearMe, onNearMe }: Props) {
  const near = nearMe.state === 'on';
  return (
    <div className="discover">
      <div className="discover__row">
        <div className="segmented" role="group" aria-label="Show as">
          <button type="button" className="segmented__option" aria-pressed={view === 'list'} onClick={() => onView('list')}>
            List
          </button>
          <button type="button" className="segmented__option" aria-pressed={view === 'map'} onClick={() => onView('map')}>
            Map
          </button>
        </div>
        <button type="button" className="chip discover__toggle" aria-pressed={openNow} onClick={() => onOpenNow(!openNow)}>
          <span className="discover__dot" aria-hidden="true" /> Open now
        </button>
        <button type="button" className="chip discover__toggle" aria-pressed={near} aria-busy={nearMe.state === 'locating'} onClick={onNearMe}>
          {nearMe.state === 'locating' ? 'Finding you…' : 'Near me'}
        </button>
      </div>
      {(nearMe.state === 'refused' || nearMe.state === 'unavailable') && (
        <p className="discover__problem" role="alert">
          {nearMe.message}
        </p>
      )}
    </div>
  );
}
