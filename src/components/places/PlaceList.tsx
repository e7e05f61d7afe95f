import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import type { PlaceKind } from '../../lib/catalog';
import {
  EMPTY_FILTERS,
  PLACE_SORTS,
  activeFilterChips,
  applyPlaceList,
  cuisineOptions,
  hasActiveFilters,
  removeChip,
  showingLabel,
  tagOptions,
  type PlaceFilters,
  type PlaceSort,
} from '../../lib/place-list';
import { PLACES_ENDPOINTS, usePlaces, type Place, type Places } from '../../features/places/api/get-places';
import { QueryRoot } from '../ui/QueryRoot';
import { isOpenAt } from '../../lib/opening-hours';
import { distancesFrom, nearestFirst } from '../../lib/geo';
import { DiscoverControls, type ListView } from '../map/DiscoverControls';
import { LazyMap } from '../map/LazyMap';
import { placeMapPoints } from '../map/map-points';
import type { MapSettings } from '../map/PlaceMap';
import { replaceListUrl } from '../map/use-list-view';
import { useNearMe } from '../map/use-near-me';
import { useMinute } from './use-opening-label';
import { PlaceGrid } from './PlaceGrid';
import { PlaceFilterPanel } from './PlaceFilters';
import { FilterBar } from '../filters/FilterBar';
import '../spots/spots.css';
import '../ui/ui.css';
import './places.css';
import './place-list.css';

interface PlaceListProps {
  kind: PlaceKind;
  initialPlaces?: Places;
  initialView?: ListView;
  map?: MapSettings;
}

const WORDING = {
  restaurant: {
    endpoint: PLACES_ENDPOINTS.restaurant,
    title: 'Top Restaurants',
    noun: 'restaurants',
    cuisineLabel: 'Cuisine',
    placeholder: 'Search by name, cuisine or highlight…',
  },
  activity: {
    endpoint: PLACES_ENDPOINTS.activity,
    title: 'Things to Do',
    noun: 'activities',
    cuisineLabel: 'Type',
    placeholder: 'Search by name, type or highlight…',
  },
} as const;

/** Until the first answer: one shared empty list, so the memos below do not recompute on every render. */
const NO_PLACES: Place[] = [];

function List({ kind, initialPlaces, initialView = 'list', map }: PlaceListProps) {
  const wording = WORDING[kind];
  const id = useId();
  const { data, isError, refetch, isFetching } = usePlaces({ endpoint: wording.endpoint, queryConfig: { initialData: initialPlaces } });
  const places = data ?? NO_PLACES;

  const [filters, setFilters] = useState<PlaceFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<PlaceSort>('rating');
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The list may trail the controls in an interruptible render; Preact's compat draws it at once, which a list this size allows.
  const listedFilters = useDeferredValue(filters);
  const listedSort = useDeferredValue(sort);
  const [view, setView] = useState<ListView>(initialView);
  const [openNow, setOpenNow] = useState(false);
  const { nearMe, toggle: toggleNearMe } = useNearMe();
  const origin = nearMe.state === 'on' ? nearMe.origin : null;
  const minute = useMinute();
  useEffect(() => replaceListUrl(new URLSearchParams(window.location.search), view), [view]);

  const filtered = useMemo(() => applyPlaceList(places, listedFilters, listedSort), [places, listedFilters, listedSort]);
  const distances = useMemo(() => (origin ? distancesFrom(origin, places) : undefined), [places, origin]);
  const shown = useMemo(() => {
    // "Open now" is worked out in the browser each minute; until then (server and hydration) the list is unfiltered.
    const now = minute === null ? null : new Date();
    const open = openNow && now ? filtered.filter((place) => place.hours && isOpenAt(place.hours, now)) : filtered;
    return distances ? nearestFirst(open, distances) : open;
  }, [filtered, openNow, minute, distances]);
  const points = useMemo(() => (view === 'map' ? placeMapPoints(shown, kind, origin) : []), [view, shown, kind, origin]);
  const cuisines = useMemo(() => cuisineOptions(places), [places]);
  // Cuisine is offered once, by the chips; the tag filter leaves those names out.
  const tags = useMemo(() => tagOptions(places).filter((tag) => !cuisines.includes(tag)), [places, cuisines]);
  const chips = activeFilterChips(filters);
  const panelFilterCount = chips.filter((chip) => chip.key !== 'query').length;
  const catchingUp = listedFilters !== filters || listedSort !== sort;

  const update = (change: Partial<PlaceFilters>) => setFilters((current) => ({ ...current, ...change }));
  const clear = () => {
    setFilters(EMPTY_FILTERS);
    setOpenNow(false);
  };

  if (!data) {
    if (isError) {
      return (
        <div className="empty-state">
          <p className="empty-state__title">We couldn't load {wording.noun} right now.</p>
          <button type="button" className="btn btn--secondary" disabled={isFetching} onClick={() => refetch()}>
            Try again
          </button>
        </div>
      );
    }
    return (
      <p className="place-empty" role="status">
        Loading {wording.noun}...
      </p>
    );
  }

  return (
    <div className="place-list">
      <h2 className="place-list__title">
        {wording.title} <span className="place-list__total">({places.length})</span>
      </h2>

      <FilterBar
        label={`Filter ${wording.noun}`}
        idPrefix={id}
        search={{ label: `Search ${wording.noun}`, placeholder: wording.placeholder, value: filters.query, onChange: (query) => update({ query }) }}
        sort={{ value: sort, options: PLACE_SORTS, onChange: (value) => setSort(value as PlaceSort) }}
        panel={{ open: filtersOpen, onToggle: () => setFiltersOpen((open) => !open), count: panelFilterCount }}
        quick={
          <div className="chip-row filters__quick" role="group" aria-label={wording.cuisineLabel}>
            <button type="button" className="chip" aria-pressed={filters.cuisines.length === 0} onClick={() => update({ cuisines: [] })}>
              All
            </button>
            {cuisines.map((cuisine) => (
              <button key={cuisine} type="button" className="chip" aria-pressed={filters.cuisines.includes(cuisine)} onClick={() => update({ cuisines: [cuisine] })}>
                {cuisine}
              </button>
            ))}
          </div>
        }>
        <PlaceFilterPanel id={`${id}-filters`} filters={filters} tags={tags} onChange={update} />
      </FilterBar>

      <DiscoverControls view={view} onView={setView} openNow={openNow} onOpenNow={setOpenNow} nearMe={nearMe} onNearMe={toggleNearMe} />
      {(hasActiveFilters(filters) || openNow) && (
        <div className="place-list__active">
          <ul className="place-list__chips" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  className="place-chip"
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => setFilters((current) => removeChip(current, chip.key))}>
                  {chip.label}
                  <span className="place-chip__x" aria-hidden="true">
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--ghost btn--small place-list__clear" onClick={clear}>
            Clear Filters
          </button>
        </div>
      )}

      <p className="place-list__showing" aria-live="polite">
        {showingLabel(shown.length, places.length, wording.noun)}
      </p>

      {view === 'map' && map ? (
        <LazyMap points={points} settings={map} origin={origin} label={`Map of ${points.length} ${wording.noun}`} />
      ) : shown.length === 0 ? (
        <div className="empty-state place-list__empty">
          <p className="empty-state__title">No {wording.noun} found matching your criteria.</p>
          <p className="muted">Try adjusting your filters or search terms.</p>
        </div>
      ) : (
        <PlaceGrid places={shown} busy={catchingUp} noun={wording.noun} distances={distances} />
      )}
    </div>
  );
}

/** The restaurants or activities list (spec §2, §5): search, filters, sorts and cards. */
export default function PlaceList(props: PlaceListProps) {
  return (
    <QueryRoot>
      <List {...props} />
    </QueryRoot>
  );
}
