import { useMemo } from 'react';
import { useSpotMarkers } from '../../features/spots/api/get-spot-markers';
import type { ListView } from '../map/DiscoverControls';
import { LazyMap } from '../map/LazyMap';
import type { MapSettings } from '../map/PlaceMap';
import { spotMapPoints } from '../map/map-points';
import { QueryRoot } from '../ui/QueryRoot';
import { useMediaQuery } from '../ui/use-media-query';
import { useSpotList } from './spot-list-store';

/** From this width the map sits beside the list instead of replacing it (spots.css lays out its column). */
export const MAP_BESIDE_LIST = '(min-width: 1100px)';

interface Props {
  initialSearch: string;
  initialView: ListView;
  map: MapSettings;
}

function MapBeside({ initialSearch, initialView, map }: Props) {
  const { search, view, origin } = useSpotList({ search: initialSearch, view: initialView, origin: null });
  const wide = useMediaQuery(MAP_BESIDE_LIST);
  const shown = wide && view === 'list';
  const markers = useSpotMarkers(search, { enabled: shown });
  const points = useMemo(() => spotMapPoints(markers.data?.markers ?? [], origin), [markers.data, origin]);
  if (!shown) return null;
  return <LazyMap points={points} settings={map} origin={origin} label={`Map of ${points.length} ${points.length === 1 ? 'spot' : 'spots'}`} />;
}

/** The map beside the /spots list on wide screens, showing the list's matches; woken where it is shown. */
export default function SpotMapBeside(props: Props) {
  return (
    <QueryRoot>
      <MapBeside {...props} />
    </QueryRoot>
  );
}
