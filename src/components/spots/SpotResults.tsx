import { useEffect, useMemo, useState } from 'react';
import { useSpots, type SpotsPage } from '../../features/spots/api/get-spots';
import { distancesFrom, nearestFirst } from '../../lib/geo';
import type { ListView } from '../map/DiscoverControls';
import { LazyMap } from '../map/LazyMap';
import type { MapSettings } from '../map/PlaceMap';
import { spotMapPoints } from '../map/map-points';
import { useSpotMarkers } from '../../features/spots/api/get-spot-markers';
import { QueryRoot } from '../ui/QueryRoot';
import { SpotGrid } from './SpotGrid';
import { isServerList, markSpotListDrawn, requestClearFilters, useSpotList } from './spot-list-store';
import './spots.css';

interface SpotResultsProps {
  /** The list's query string as the server drew it. */
  initialSearch: string;
  /** The first page as the server read it; without its spots when the server drew its cards. */
  initialPage: SpotsPage;
  initialView: ListView;
  map: MapSettings;
  /** The server drew the first page's cards (in `#spot-first-page`, just before this island). */
  serverDrawn: boolean;
}

/** The server's first page, until another list is drawn here. */
const FIRST_PAGE_ID = 'spot-first-page';

function Results({ initialSearch, initialPage, initialView, map, serverDrawn }: SpotResultsProps) {
  const { search, view, origin } = useSpotList({ search: initialSearch, view: initialView, origin: null });
  const result = useSpots({ search, initialPage: search === initialSearch ? initialPage : undefined });
  const markers = useSpotMarkers(search, { enabled: view === 'map' });

  // Near me sorts every match: a first page held without its spots is read again, then the
  // remaining pages are fetched, one request at a time.
  const firstPageHeld = result.data?.pages[0]?.spots.length === 0 && (result.data?.pages[0]?.total ?? 0) > 0;
  const { hasNextPage, isFetching, fetchNextPage, refetch } = result;
  useEffect(() => {
    if (!origin || isFetching) return;
    if (firstPageHeld) void refetch();
    else if (hasNextPage) void fetchNextPage();
  }, [origin, isFetching, firstPageHeld, hasNextPage, refetch, fetchNextPage]);

  const loaded = useMemo(() => result.data?.pages.flatMap((page) => page.spots) ?? [], [result.data]);
  const distances = useMemo(() => (origin ? distancesFrom(origin, loaded) : undefined), [loaded, origin]);
  const spots = useMemo(() => (distances ? nearestFirst(loaded, distances) : loaded), [loaded, distances]);
  const points = useMemo(() => spotMapPoints(markers.data?.markers ?? [], origin), [markers.data, origin]);
  const laterPages = useMemo(() => result.data?.pages.slice(1).flatMap((page) => page.spots) ?? [], [result.data]);

  // The server's cards stand for the first page while the list is the one it drew; the pages
  // Load more brings follow them. Any other list (a filter, a search, near me) is drawn here whole.
  // Once the list changes, the server's cards leave the page (their islands unmount with them);
  // from then on every list, the first one again too, is drawn here.
  const [serverShown, setServerShown] = useState(serverDrawn);
  const showServerCards = serverShown && isServerList({ search, view, origin }, initialSearch);
  if (serverShown && !showServerCards) setServerShown(false);
  const empty = !showServerCards && spots.length === 0 && !result.isFetching;
  // The map view, an empty list and an error take the whole width: no map beside them.
  const wholeWidth = result.isError || view === 'map' || empty;
  useEffect(() => {
    if (!serverShown) document.getElementById(FIRST_PAGE_ID)?.remove();
  }, [serverShown]);
  const drawnSearch = result.data && !result.isPlaceholderData ? search : null;
  useEffect(() => {
    if (drawnSearch !== null) markSpotListDrawn(drawnSearch);
  }, [drawnSearch]);
  useEffect(() => {
    document.querySelector('.spot-browser__split')?.classList.toggle('spot-browser__split--whole', wholeWidth);
  }, [wholeWidth]);

  return (
    <>
      {result.isError ? (
        <div className="empty-state">
          <p className="empty-state__title">We couldn't load spots right now.</p>
          <button type="button" className="btn btn--secondary" onClick={() => result.refetch()}>
            Try again
          </button>
        </div>
      ) : view === 'map' ? (
        <LazyMap points={points} settings={map} origin={origin} label={`Map of ${points.length} ${points.length === 1 ? 'spot' : 'spots'}`} />
      ) : empty ? (
        <div className="empty-state">
          <p className="empty-state__title">No spots match these filters.</p>
          <p className="muted">Try another category, fewer tags or a different search.</p>
          <ClearFiltersLink />
          <p className="empty-state__more">
            Or look through <a href="/spots?tab=restaurants">Top Restaurants</a>, <a href="/spots?tab=activities">Things to Do</a> or this week's{' '}
            <a href="/events">events</a>.
          </p>
        </div>
      ) : showServerCards ? (
        laterPages.length > 0 && <SpotGrid spots={laterPages} banner={false} />
      ) : (
        <SpotGrid spots={spots} distances={distances} />
      )}

      {view === 'list' && !origin && !result.isError && result.hasNextPage && (
        <div className="spot-browser__more">
          <button type="button" className="btn btn--secondary" disabled={result.isFetchingNextPage} onClick={() => result.fetchNextPage()}>
            {result.isFetchingNextPage ? 'Loading…' : 'Load more spots'}
          </button>
        </div>
      )}
    </>
  );
}

/** The empty list's "Clear filters": the filter bar clears its filters, or, still asleep, the plain list opens. */
function ClearFiltersLink() {
  const clear = () => {
    if (!requestClearFilters()) window.location.assign('/spots');
  };
  return (
    <button type="button" className="btn btn--secondary" onClick={clear}>
      Clear filters
    </button>
  );
}

/**
 * The /spots list below the server's first page: the pages Load more brings, and the whole list
 * drawn again once the reader changes it (a filter, a search, near me, the map view). Its code
 * loads only when the reader touches it or the filter bar changes the list (`client:on-interaction`).
 */
export default function SpotResults(props: SpotResultsProps) {
  return (
    <QueryRoot>
      <Results {...props} />
    </QueryRoot>
  );
}
