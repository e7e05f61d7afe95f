import { useRef, useState } from 'react';
import { usePlaces, type Place, type Places, type PlacesEndpoint } from '../../features/places/api/get-places';
import { EMPTY_DATA_RETRY_MS, HOME_COUNTS, HOME_REFETCH_MS, TAGS_SHOWN } from '../../lib/constants';
import { openingTone } from '../../lib/opening-hours-labels';
import { visibleTags } from '../../lib/spot-display';
import { useOpeningLabel } from './use-opening-label';
import { QueryRoot } from '../ui/QueryRoot';
import './places.css';

interface PlaceHighlightsProps {
  endpoint: PlacesEndpoint;
  initialPlaces: Places;
  emptyNotice: string;
}

/**
 * Refetch every 30 s; an empty list is tried once more after 2 s (spec §7, §9). React Query may
 * ask for the interval several times for the same result, so the answer depends only on which
 * result it is: the first empty one (by its update count) gets the short retry, every time it is asked.
 */
function useHighlightedPlaces(endpoint: PlacesEndpoint, initialPlaces: Places) {
  const shortRetryFor = useRef<number | null>(null);
  return usePlaces({
    endpoint,
    queryConfig: {
      initialData: initialPlaces,
      refetchInterval: (query) => {
        const result = query.state.dataUpdateCount;
        if ((query.state.data?.length ?? 0) > 0) {
          shortRetryFor.current = null;
          return HOME_REFETCH_MS;
        }
        shortRetryFor.current ??= result;
        return shortRetryFor.current === result ? EMPTY_DATA_RETRY_MS : HOME_REFETCH_MS;
      },
    },
  });
}

/** A picture that fails to load gives way to the place's initial on a tinted tile. */
function HighlightImage({ src, name }: { src: string; name: string }) {
  const [broken, setBroken] = useState(!src);
  if (broken) {
    return (
      <span className="place-highlight__fallback" aria-hidden="true">
        {name.charAt(0)}
      </span>
    );
  }
  return <img src={src} alt="" loading="lazy" decoding="async" width={400} height={300} onError={() => setBroken(true)} />;
}

function Highlights({ endpoint, initialPlaces, emptyNotice }: PlaceHighlightsProps) {
  const { data = [] } = useHighlightedPlaces(endpoint, initialPlaces);
  const places = data.slice(0, HOME_COUNTS.restaurants);
  if (places.length === 0) return <p className="place-empty">{emptyNotice}</p>;
  return (
    <ol className="place-highlights">
      {places.map((place) => {
        const { tags } = visibleTags(place.tags, TAGS_SHOWN.homePlaceList);
        return (
          <li key={place.id} className="place-highlight">
            <HighlightImage src={place.image} name={place.name} />
            <div className="place-highlight__body">
              <a className="place-highlight__name" href={place.link} target="_blank" rel="noopener noreferrer">
                {place.name}
              </a>
              <p className="place-highlight__meta">
                <span className="place-rating">★ {place.rating.toFixed(1)}</span>
                <span>{place.priceRange}</span>
                <OpeningBadge place={place} />
              </p>
              <ul className="place-highlight__tags" aria-label="Tags">
                {tags.map((tag) => (
                  <li key={tag} className="tag">
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export default function PlaceHighlights(props: PlaceHighlightsProps) {
  return (
    <QueryRoot>
      <Highlights {...props} />
    </QueryRoot>
  );
}

/** A place's opening status, kept current from its hours. */
function OpeningBadge({ place }: { place: Place }) {
  const opening = useOpeningLabel(place);
  return <span className={`opening opening--${openingTone(opening)}`}>{opening}</span>;
}
